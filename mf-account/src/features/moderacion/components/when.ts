/** A moderation date as moderators read it (Dominican Spanish, day to minute). */
export const when = (iso: string) => new Date(iso).toLocaleString('es-DO', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
