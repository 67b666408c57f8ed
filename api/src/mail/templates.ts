/**
 * The account emails, in Spanish, as HTML and plain text. Both are the same letter (greeting,
 * why, one action link, a footer for someone who did not ask), so one function writes them from
 * their texts.
 */
import type { MailMessage } from './mailer';

export interface AccountEmail {
  subject: string;
  body: string;
  action: string;
  footer: string;
}

const CONFIRM_EMAIL: AccountEmail = {
  subject: 'Confirma tu email en InmueblesRD',
  body: 'Gracias por registrarte en InmueblesRD. Para activar tu cuenta, confirma tu email con el siguiente enlace. El enlace vence en 48 horas.',
  action: 'Confirmar email',
  footer: 'Si no creaste esta cuenta, puedes ignorar este mensaje.',
};

const RESET_PASSWORD: AccountEmail = {
  subject: 'Cambia tu contraseña de InmueblesRD',
  body: 'Recibimos una solicitud para cambiar la contraseña de tu cuenta. Usa el siguiente enlace para elegir una nueva. El enlace vence en 1 hora y solo se puede usar una vez.',
  action: 'Cambiar contraseña',
  footer: 'Si no pediste este cambio, ignora este mensaje: tu contraseña sigue siendo la misma.',
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * A name as the letter shows it: only letters, marks, spaces, apostrophes and hyphens. Anything
 * else (a URL, a domain, an address, markup) could be turned into a link by the reader's mail
 * program, making the portal's letter carry someone's spam, so the greeting then goes without it.
 */
export function letterName(name: string): string | null {
  const plain = name.trim().replace(/\s+/g, ' ');
  return /^[\p{L}\p{M}' -]{1,80}$/u.test(plain) ? plain : null;
}

export function accountMessage({ subject, body, action, footer }: AccountEmail, to: string, name: string, link: string): MailMessage {
  const shown = letterName(name);
  const greeting = shown ? `Hola ${shown}:` : 'Hola:';
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">
<h1 style="color:#c2410c;font-size:20px">InmueblesRD</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="background:#c2410c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p>Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link)}</p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  const text = `InmueblesRD\n\n${greeting}\n\n${body}\n\n${action}: ${link}\n\n${footer}\n`;
  return { to, subject, html, text, link };
}

export const confirmEmailMessage = (to: string, name: string, link: string) => accountMessage(CONFIRM_EMAIL, to, name, link);
export const resetPasswordMessage = (to: string, name: string, link: string) => accountMessage(RESET_PASSWORD, to, name, link);

/**
 * Issue 20: sent once, EXPIRY_REMINDER_DAYS before an owner's listing expires; `renewDays` is the
 * period a renewal gives (LISTING_TTL_DAYS, issue 39: the number was missing).
 */
export function expiryReminderMessage(to: string, name: string, listing: { title: string; expiresOn: Date; renewDays: number }, link: string): MailMessage {
  const date = new Intl.DateTimeFormat('es-DO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Santo_Domingo' }).format(listing.expiresOn);
  return accountMessage(
    {
      subject: 'Tu anuncio en InmueblesRD vence pronto',
      body: `Tu anuncio "${listing.title}" vence el ${date} y dejará de aparecer en las búsquedas. Renuévalo con un clic por ${listing.renewDays} días más; no necesitas iniciar sesión.`,
      action: 'Renovar anuncio',
      footer: 'Si ya no quieres publicarlo, no hagas nada: el anuncio se ocultará al vencer y podrás renovarlo desde Mis anuncios.',
    },
    to,
    name,
    link,
  );
}

/** A subject line: one line, no control characters, bounded. */
const safeSubject = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 120);

/** Issue 46: an agency's administrator invites an agent; the link is single-use and expires. */
export function agencyInvitationMessage(to: string, agenciaName: string, invitedBy: string, link: string, days: number): MailMessage {
  const who = letterName(invitedBy);
  const from = who ? `${who} te invita` : 'Te invitan';
  // As letterName: a name a mail program could turn into a link (a domain, an address) is not
  // carried, so an invitation never delivers someone's spam.
  const linkish = /:\/\/|@|[a-z0-9-]\.[a-z]{2,}/i.test(agenciaName);
  const agencia = linkish ? 'una inmobiliaria' : safeSubject(agenciaName);
  return accountMessage(
    {
      subject: `Invitación para unirte a ${agencia} en InmueblesRD`,
      body: `${from} a unirte como agente de ${linkish ? agencia : `la inmobiliaria "${agencia}"`} en InmueblesRD. Inicia sesión (o regístrate) con este email y acepta la invitación con el siguiente enlace. El enlace vence en ${days} días y solo se puede usar una vez.`,
      action: 'Aceptar invitación',
      footer: 'Si no esperabas esta invitación, ignora este mensaje: nada cambia en tu cuenta.',
    },
    to,
    '',
    link,
  );
}
