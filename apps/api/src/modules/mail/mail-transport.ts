import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Nodemailer from 'nodemailer';
import { onFirstUse } from '../../lib/on-first-use.ts';

/** Loaded with the first message sent: an idle server does not hold it (about 5 MB of heap). */
const nodemailer = onFirstUse<typeof Nodemailer>('nodemailer');

/** A nodemailer transport made when the first message is sent, and closed only if it was made. */
function madeOnFirstSend(options: Parameters<typeof Nodemailer.createTransport>[0]) {
  let made: ReturnType<typeof Nodemailer.createTransport> | undefined;
  return {
    get: () => (made ??= nodemailer().createTransport(options)),
    close: () => made?.close(),
  };
}

/** A file sent with a message (the PDF receipt of an order). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type MailMessage = {
  /** The message's `Message-ID` (`<id@domain>`): the same at every attempt, so a receiver recognises a retry. */
  messageId?: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};
export type MailTransport = {
  /** Resolves with a short description of where the message went (a file path or the SMTP reply). */
  send(message: MailMessage): Promise<string>;
  close(): void;
};

/** Default transport: the raw RFC 822 message as an `.eml` file, readable by any mail client. */
export function createFileTransport(mailDir: string): MailTransport {
  const builder = madeOnFirstSend({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await builder.get().sendMail(message);
      await mkdir(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mailDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      // Written aside then renamed, so a reader of the directory never sees a half-written message.
      await writeFile(`${file}.partial`, info.message as Buffer);
      await rename(`${file}.partial`, file);
      return file;
    },
    close: () => builder.close(),
  };
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const smtp = madeOnFirstSend(smtpUrl);
  return {
    async send(message) {
      const info = await smtp.get().sendMail(message);
      return `smtp ${info.response}`;
    },
    close: () => smtp.close(),
  };
}

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  mailDir: string;
}): MailTransport {
  return options.smtpUrl ? createSmtpTransport(options.smtpUrl) : createFileTransport(options.mailDir);
}
