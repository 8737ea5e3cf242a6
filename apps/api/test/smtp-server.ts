// A real SMTP server in the test's process (smtp-server, the Nodemailer project's): the mail tests, the payment
// tests and the fault suite talk SMTP to it. It can go down (connections refused) and come back on the same port,
// where the API expects it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeQuotedPrintable, headerOf } from './mail-text.ts';

/** A message as received: `subject` decoded, `text` the whole message with its quoted-printable decoded. */
export type ReceivedMail = {
  from: string;
  to: string[];
  messageId: string;
  subject: string;
  data: string;
  text: string;
};

export type MailServer = {
  /** The port it listens on, and listens on again after `down()` and `up()`. */
  port: number;
  url: string;
  received: ReceivedMail[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

/** A port nobody listens on, for a mail server that is down from the start (`{ down: true }`). */
async function freePort(): Promise<number> {
  const probe = new SMTPServer({ logger: false });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.server.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Starts a server on `port` (0: any free one), or only picks its port with `down: true`. */
export async function startMailServer({ port = 0, down = false } = {}): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  const mail = {
    port: down && port === 0 ? await freePort() : port,
    received,
    get url() {
      return `smtp://127.0.0.1:${mail.port}`;
    },
    async up() {
      const listening = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const data = Buffer.concat(chunks).toString('utf8');
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              messageId: headerOf(data, 'Message-ID'),
              subject: headerOf(data, 'Subject'),
              data,
              text: decodeQuotedPrintable(data),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        listening.server.once('error', reject);
        listening.listen(mail.port, '127.0.0.1', () => resolve());
      });
      // A client that goes away mid-session (an API process killed while sending) resets its connection: the
      // server reports it as an 'error' event, which would end the test process without a listener.
      listening.on('error', () => undefined);
      server = listening;
      mail.port = (listening.server.address() as AddressInfo).port;
    },
    async down() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    close: () => mail.down(),
  };
  if (!down) await mail.up();
  return mail;
}
