import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../config.js';

export interface OutgoingMessage {
  id: number;
  idempotencyKey: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one message or throws; the outbox decides about retries. */
export interface MailTransport {
  readonly mode: 'smtp' | 'outbox';
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/**
 * The same Message-ID for every try of one mail: should a worker die between the SMTP server's
 * acceptance and marking the row sent, the resend is recognisable as the same message.
 */
function messageId(message: OutgoingMessage, publicUrl: string): string {
  const hash = createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 32);
  return `<${hash}@${new URL(publicUrl).hostname || 'spindle.local'}>`;
}

const RESET_LINK = /\S+\/reset-password\?token=\S+/;

/**
 * SMTP when SMTP_URL is set (docs/product/mail.md#transports; nodemailer upgrades with STARTTLS whenever the
 * server offers it; smtps:// is TLS from the start), otherwise `.eml` files in DATA_DIR/outbox and a log line —
 * with the reset link, so a self-hosted instance without mail can still reset a password.
 */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  const from = config.mail.from;
  const envelope = (message: OutgoingMessage) => ({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: messageId(message, config.publicUrl),
  });

  if (config.mail.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      // A dead server must fail the try well inside the outbox lease, never hang the worker.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } satisfies SMTPTransport.Options);
    return {
      mode: 'smtp',
      async send(message) {
        await smtp.sendMail(envelope(message));
        log.info({ mailId: message.id, kind: message.kind }, 'mail sent');
      },
      close: () => smtp.close(),
    };
  }

  const dir = path.join(config.dataDir, 'outbox');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    mode: 'outbox',
    async send(message) {
      const info = await stream.sendMail(envelope(message));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${String(message.id).padStart(6, '0')}-${message.kind}.eml`);
      await writeFile(file, info.message as Buffer);
      const link = message.kind === 'password-reset' ? RESET_LINK.exec(message.text)?.[0] : undefined;
      log.info({ mailId: message.id, kind: message.kind, to: message.to, file, ...(link ? { resetLink: link } : {}) }, 'mail written to the outbox (SMTP_URL is not set)');
    },
    close: () => stream.close(),
  };
}
