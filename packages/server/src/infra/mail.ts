import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<id@host>`: a retried message keeps its id, so a receiver can tell it is the same one. */
  messageId?: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer | string; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Waits for messages still being sent, then lets go of the transport. */
  close(): Promise<void>;
}

/**
 * Real SMTP when `SMTP_URL` is set; otherwise the same message, fully rendered, lands as an
 * `.eml` file in `DATA_DIR/outbox` (any mail client opens it).
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string }, log: Logger) {
  const { smtpUrl, from, outboxDir } = options;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const inFlight = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    // Quoted-printable keeps the links readable in the raw .eml, for people and tests alike.
    const info = await transport.sendMail({ from, ...message, textEncoding: 'quoted-printable' });
    if (smtpUrl) {
      log.info({ messageId: info.messageId }, 'mail sent');
      return;
    }
    await mkdir(outboxDir, { recursive: true, mode: 0o700 });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    // Written whole under a temporary name first, so a reader never sees half a message.
    const temporary = path.join(outboxDir, `.${name}.tmp`);
    await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
    await rename(temporary, path.join(outboxDir, name));
    log.info({ file: name }, 'mail written to outbox');
  }

  const mailer: Mailer = {
    send(message) {
      const sending = deliver(message);
      inFlight.add(sending);
      sending.then(
        () => inFlight.delete(sending),
        () => inFlight.delete(sending),
      );
      return sending;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
  return mailer;
}
