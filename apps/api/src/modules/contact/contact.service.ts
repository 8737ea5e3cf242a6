import type { Language } from '@hls/contract';
import type { AppTransaction } from '../../plugins/database.ts';
import type { MailService } from '../mail/index.ts';
import { contactMessages } from './contact.tables.ts';

export type ContactMessage = {
  name: string;
  email: string;
  subject: string;
  message: string;
};

export type ContactDeps = {
  transaction: AppTransaction;
  mail: Pick<MailService, 'queue'>;
  /** Team inbox (CONTACT_TO). */
  teamAddress: string;
};

export function createContactService(deps: ContactDeps) {
  const { transaction, mail, teamAddress } = deps;
  return {
    /**
     * Stores the message and queues, in the same transaction, the copy for the team and — only when the sender
     * proved the address is theirs (`acknowledge`: signed in with it, confirmed) — an acknowledgement in their
     * language. Anyone can type anyone's address in the form: the shop never writes to an address on a stranger's
     * word, and an acknowledgement quotes nothing the sender wrote, only the message's reference.
     */
    submit: (
      input: ContactMessage & { language: Language },
      { acknowledge = false } = {},
    ): Promise<{ id: string }> =>
      transaction(async (ctx) => {
        const [row] = await ctx.tx
          .insert(contactMessages)
          .values(input)
          .returning({ id: contactMessages.id });
        await mail.queue(ctx, {
          to: teamAddress,
          language: 'fr',
          template: 'contact_team',
          data: { ...input, reference: row!.id },
        });
        if (acknowledge) {
          await mail.queue(ctx, {
            to: input.email,
            language: input.language,
            template: 'contact_ack',
            data: { reference: row!.id },
          });
        }
        return row!;
      }),
  };
}

export type ContactService = ReturnType<typeof createContactService>;
