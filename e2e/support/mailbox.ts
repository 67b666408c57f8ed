/** Reads the messages the SMTP receiver caught (one .eml file each). */
import fs from 'node:fs';
import path from 'node:path';
import { E2E } from './env';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  raw: string;
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * The message with its body quoted-printable decoded and its headers as sent: a header is never
 * quoted-printable, and decoding one corrupts it (List-Unsubscribe's `?token=09cj…` read as a tab).
 */
function decodeBody(eml: string): string {
  const end = /\r?\n\r?\n/.exec(eml);
  return end ? eml.slice(0, end.index) + decodeQuotedPrintable(eml.slice(end.index)) : eml;
}

function readMails(): Mail[] {
  if (!fs.existsSync(E2E.mailDir)) return [];
  return fs
    .readdirSync(E2E.mailDir)
    .sort()
    .map((file) => {
      const raw = decodeBody(fs.readFileSync(path.join(E2E.mailDir, file), 'utf8'));
      const to = /^To:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';
      const subject = /^Subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';
      return { file, to, subject, raw };
    });
}

/** Waits for a message to `to` whose body has a link to `pathPrefix`, and answers that link. */
export async function waitForLink(to: string, pathPrefix: '/confirmEmail/' | '/resetPassword/' | '/aceptarInvitacion/' | '/renovarAnuncio/' | '/anuncioDetailedView/' | '/bajaAlertas/' | '/bajaAvisosPrecio/', { after = 0, timeoutMs = 15_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const re = new RegExp(`https?://[^\\s"'<>]+${pathPrefix}[^\\s"'<>]+`);
  while (Date.now() < deadline) {
    const mails = readMails().filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    for (const mail of mails.slice(after)) {
      const link = re.exec(mail.raw)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No email to ${to} with a ${pathPrefix} link`);
}

/** The messages to `to` so far, oldest first, raw (headers included, as sent) with the body quoted-printable decoded. */
export function mailsTo(to: string): Mail[] {
  return readMails().filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

export function mailCount(to: string): number {
  return readMails().filter((m) => m.to.toLowerCase().includes(to.toLowerCase())).length;
}
