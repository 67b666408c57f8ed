/** A real SMTP server for the tests (smtp-server): collects raw messages and finds their links. */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Body decoded from quoted-printable, enough to read text and links. */
  decoded: string;
}

export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:port, for the app's SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  waitFor(to: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, decoded: decodeQuotedPrintable(raw) });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Resolves with the next message sent to `to` after `since` messages were already received. */
  async function waitFor(to: string, since = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.slice(since).find((m) => m.to.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail for ${to}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The id and token of the site link `/{path}/{id}/{token}` inside a message. */
export function linkIn(mail: ReceivedMail, path: 'confirmEmail' | 'resetPassword'): { url: string; id: string; token: string } {
  const match = new RegExp(`(https?://[^\\s"<>]+/${path}/([0-9a-f-]+)/([0-9a-f]+))`).exec(mail.decoded);
  if (!match) throw new Error(`no ${path} link in mail`);
  return { url: match[1], id: match[2], token: match[3] };
}
