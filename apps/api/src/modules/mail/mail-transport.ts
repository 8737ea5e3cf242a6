import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

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
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await builder.sendMail(message);
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
  const smtp = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await smtp.sendMail(message);
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
