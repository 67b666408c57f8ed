/** Issues 23 and 40: the letters moderation sends to a listing's owner (hold, withdrawal, blocked and unblocked account). */
import type { MailMessage } from './mailer';
import { accountMessage } from './templates';

const quoted = (title: string) => `"${title.replace(/\s+/g, ' ').trim().slice(0, 140)}"`;

export function listingHeldMessage(to: string, name: string, listingTitle: string, link: string): MailMessage {
  return accountMessage(
    {
      subject: 'Tu anuncio en InmueblesRD está en revisión',
      body: `Varias personas reportaron tu anuncio ${quoted(listingTitle)}. Mientras nuestro equipo lo revisa no aparece en las búsquedas. Puedes verlo y editarlo en Mis anuncios; te avisaremos cuando terminemos la revisión.`,
      action: 'Ver mis anuncios',
      footer: 'Si tu anuncio cumple las normas, volverá a publicarse después de la revisión.',
    },
    to,
    name,
    link,
  );
}

export function listingWithdrawnMessage(to: string, name: string, listingTitle: string, reason: string, link: string): MailMessage {
  return accountMessage(
    {
      subject: 'Tu anuncio en InmueblesRD fue retirado',
      body: `Nuestro equipo de moderación retiró tu anuncio ${quoted(listingTitle)}. Motivo: ${reason.replace(/\s+/g, ' ').trim()}. El anuncio ya no se muestra en el portal.`,
      action: 'Ver mis anuncios',
      footer: 'Si crees que es un error, responde a nuestro correo de contacto indicando el anuncio.',
    },
    to,
    name,
    link,
  );
}

export function accountBlockedMessage(to: string, name: string, reason: string, link: string): MailMessage {
  return accountMessage(
    {
      subject: 'Tu cuenta de InmueblesRD fue bloqueada',
      body: `Nuestro equipo de moderación bloqueó tu cuenta y ocultó tus anuncios. Motivo: ${reason.replace(/\s+/g, ' ').trim()}.`,
      action: 'Ir a InmueblesRD',
      footer: 'Si crees que es un error, escríbenos a nuestro correo de contacto.',
    },
    to,
    name,
    link,
  );
}

export function accountUnblockedMessage(to: string, name: string, link: string): MailMessage {
  return accountMessage(
    {
      subject: 'Tu cuenta de InmueblesRD fue desbloqueada',
      body: 'Nuestro equipo de moderación revisó tu cuenta y la desbloqueó: ya puedes iniciar sesión y tus anuncios vuelven a mostrarse como estaban.',
      action: 'Iniciar sesión',
      footer: 'Gracias por tu paciencia.',
    },
    to,
    name,
    link,
  );
}
