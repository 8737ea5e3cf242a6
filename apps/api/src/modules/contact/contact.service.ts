import type { Language } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { enqueueMail } from '../mail/mail-outbox.ts';
import { contactMessages } from './contact.tables.ts';

export type ContactMessage = {
  name: string;
  email: string;
  subject: string;
  message: string;
};

/**
 * Stores the message and queues, in the same transaction, the copy for the team and the acknowledgement to
 * the sender in their language. The caller wakes the mail sender after it returns.
 */
export async function submitContactMessage(
  db: Db,
  input: ContactMessage & { language: Language },
  teamAddress: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    await enqueueMail(tx, {
      to: teamAddress,
      language: 'fr',
      template: 'contact_team',
      data: { ...input, reference: row!.id },
    });
    await enqueueMail(tx, {
      to: input.email,
      language: input.language,
      template: 'contact_ack',
      data: { name: input.name, subject: input.subject, message: input.message },
    });
    return row!;
  });
}
