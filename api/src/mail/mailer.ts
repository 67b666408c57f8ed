/**
 * Outgoing mail through nodemailer. With SMTP_URL the message goes to that server; without it the
 * message is written as an .eml file in DATA_DIR/outbox and its link is logged on one line, so a
 * person trying the portal locally can follow it. Sending runs in the background (the HTTP answer
 * must not reveal, by its timing, whether an address exists); `flush()` waits for pending sends.
 * Issue 40: a letter holds a confirmation or reset link (a key to its account), so the outbox is
 * the API user's alone: the folder 0700 (also one made earlier with the default mode), files 0600.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { isSingleEmail } from 'shared-contracts/schemas';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside the message (logged in outbox mode only). */
  link: string;
  /** Extra headers (issue 22: List-Unsubscribe and List-Unsubscribe-Post of the alert emails). */
  headers?: Record<string, string>;
  /** A fixed Message-ID, so a message sent again after a crash can be recognised as the same. */
  messageId?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): void;
  /** Sends now and resolves when the server took it, or rejects (callers that keep an outbox). */
  deliver(message: MailMessage): Promise<void>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `logLinks`: whether outbox mode prints each message's link (issue 19: only for a site on
 * localhost, where a person trying the portal has no mailbox; elsewhere a link in the log is a
 * password reset for whoever reads the log).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger; logLinks?: boolean; onResult?: (sent: boolean) => void }): Mailer {
  const mode = opts.smtpUrl ? 'smtp' : 'outbox';
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  /** Every delivery, counted sent or failed (issue 45's metrics). */
  async function deliver(message: MailMessage) {
    try {
      await deliverOnce(message);
      opts.onResult?.(true);
    } catch (err) {
      opts.onResult?.(false);
      throw err;
    }
  }

  async function deliverOnce(message: MailMessage) {
    // The schemas already refuse lists; this is the last door before a relay (issue 19).
    if (!isSingleEmail(message.to)) throw new Error('destinatario no válido: se esperaba una sola dirección');
    const { to, subject, text, html, headers, messageId } = message;
    const info = await transport.sendMail({ from: opts.from, to, subject, text, html, headers, messageId });
    if (mode === 'outbox') {
      await fs.mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      await fs.chmod(opts.outboxDir, 0o700);
      const file = path.join(opts.outboxDir, `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.eml`);
      // `wx`: a new file, never one that is already there (with whatever mode it has)
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600, flag: 'wx' });
      if (opts.logLinks) opts.log.info({ file }, `[correo] ${message.subject} para ${message.to}: ${message.link}`);
      else opts.log.info({ file }, `[correo] ${message.subject} guardado en el buzón local`);
    } else {
      opts.log.info({ messageId: info.messageId }, 'correo enviado');
    }
  }

  return {
    mode,
    send(message) {
      const job = deliver(message)
        .catch((err) => opts.log.error({ err }, 'no se pudo enviar el correo'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    deliver,
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      await this.flush();
      transport.close();
    },
  };
}
