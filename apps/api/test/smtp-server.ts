// A real SMTP server in the suite's process, on a fixed port so that it can go down (connections refused) and come
// back where the API expects it.
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; messageId: string; subject: string; data: string };

export type MailServer = {
  port: number;
  received: ReceivedMail[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

const header = (data: string, name: string) => {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(data);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
};

export async function startMailServer(port: number): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  const up = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const data = Buffer.concat(chunks).toString('utf8');
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: header(data, 'Message-ID'),
            subject: header(data, 'Subject'),
            data,
          });
          callback();
        });
      },
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.server.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
  };
  const down = async () => {
    const closing = server;
    server = null;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await up();
  return { port, received, up, down, close: down };
}
