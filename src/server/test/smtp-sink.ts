import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Stops listening (the "SMTP server down" state); start() listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package) that keeps every message it is
 * sent. STARTTLS is off: its certificate would be self-signed, and the app must not be told to trust
 * any certificate.
 */
export async function startSmtpSink(port = 0, onMail?: (mail: ReceivedMail, index: number) => void): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          };
          received.push(mail);
          onMail?.(mail, received.length);
          callback();
        });
      },
    });
  let server = create();
  const listen = () =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  port = await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = create();
      await listen();
    },
  };
}

/** Undoes quoted-printable (nodemailer wraps long lines such as links that way). */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset link in a raw message's text part. */
export function resetLinkIn(raw: string): string | undefined {
  return /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(raw))?.[0];
}
