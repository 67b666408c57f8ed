/** The account emails, in Spanish, as HTML and plain text. */
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function layout(title: string, greeting: string, body: string, action: string, link: string, footer: string): { html: string; text: string } {
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">
<h1 style="color:#c2410c;font-size:20px">InmueblesRD</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="background:#c2410c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p>Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link)}</p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  const text = `InmueblesRD\n\n${greeting}\n\n${body}\n\n${action}: ${link}\n\n${footer}\n`;
  return { html, text };
}

export function confirmEmailMessage(to: string, name: string, link: string): MailMessage {
  const subject = 'Confirma tu email en InmueblesRD';
  const { html, text } = layout(
    subject,
    `Hola ${name}:`,
    'Gracias por registrarte en InmueblesRD. Para activar tu cuenta, confirma tu email con el siguiente enlace. El enlace vence en 48 horas.',
    'Confirmar email',
    link,
    'Si no creaste esta cuenta, puedes ignorar este mensaje.',
  );
  return { to, subject, html, text, link };
}

export function resetPasswordMessage(to: string, name: string, link: string): MailMessage {
  const subject = 'Cambia tu contraseña de InmueblesRD';
  const { html, text } = layout(
    subject,
    `Hola ${name}:`,
    'Recibimos una solicitud para cambiar la contraseña de tu cuenta. Usa el siguiente enlace para elegir una nueva. El enlace vence en 1 hora y solo se puede usar una vez.',
    'Cambiar contraseña',
    link,
    'Si no pediste este cambio, ignora este mensaje: tu contraseña sigue siendo la misma.',
  );
  return { to, subject, html, text, link };
}
