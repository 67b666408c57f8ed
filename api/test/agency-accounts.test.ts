/**
 * Issue 46, agency accounts (docs/decisions/0042-agency-accounts.md), on both engines: an account
 * creates an agency and administers it; an agent joins by the emailed link (real SMTP), publishes
 * under the agency (its `source`, so "Empresa: X" and the advertiser filter follow); the
 * administrator edits and deletes the agent's listing; the plan's quota is the agency's; a
 * removed agent's listings stay with the agency; a stranger manages nothing.
 */
import { eq } from 'drizzle-orm';
import { AGENCIA_MSG, MI_INMOBILIARIA_MSG as M, MSG } from 'shared-contracts';
import { agenciaInvitaciones, anuncios } from '../src/db/schema';
import { hashToken } from '../src/accounts/tokens';
import { INVITATION_TTL_MS, slugOf } from '../src/agencies/account-repository';
import { setupMailApp } from './support/app';
import { engines } from './support/engines';
import { del, get, post, request } from './support/http';
import { NO_LIMITS } from './support/limits';
import { editListing, listingForm, publishListing } from './support/owner-listings';
import { LISTING_FIELDS } from './support/listing-fields';
import type { ReceivedMail } from './support/smtp';
import { createUser } from './support/users';

const PERFIL = {
  nombre: 'Inmobiliaria Caribe Álvarez',
  logo: 'https://cdn.example.com/caribe.png',
  telefono: '809-555-1234',
  whatsapp: '(829) 555-9876',
  email: 'Oficina@Caribe.example.com',
  direccion: 'Av. Winston Churchill 25, Piantini',
  latitude: 18.4722,
  longitude: -69.9394,
  descripcion: 'Ventas y alquileres en el Distrito Nacional.',
  rnc: '1-31-12345-6',
};

/** The token of the /aceptarInvitacion/{token} link in an invitation. */
function invitationToken(mail: ReceivedMail): { url: string; token: string } {
  const match = /(https?:\/\/[^\s"<>]+\/aceptarInvitacion\/([0-9a-f]{64}))/.exec(mail.decoded);
  if (!match) throw new Error('no invitation link in mail');
  return { url: match[1], token: match[2] };
}

describe.each(engines())('agency accounts on %s', (engine) => {
  const { t, smtp } = setupMailApp(engine, {}, { rateLimits: NO_LIMITS });

  async function agencyOf(values: Parameters<typeof createUser>[1] = {}, perfil: Record<string, unknown> = PERFIL) {
    const admin = await createUser(t.app, { name: 'Lucía', apellido: 'Álvarez', ...values });
    const res = await post(t, '/miInmobiliaria', perfil, admin.auth);
    expect(res.status).toBe(201);
    return { admin, slug: res.body.agencia.slug as string };
  }

  async function invite(admin: { auth: Record<string, string> }, email: string) {
    const since = smtp.mails.length;
    const res = await post(t, '/miInmobiliaria/invitaciones', { email }, admin.auth);
    expect(res.status).toBe(200);
    return invitationToken(await smtp.waitFor(email.toLowerCase(), since));
  }

  async function agentOf(admin: { auth: Record<string, string> }) {
    const agent = await createUser(t.app, { name: 'Pedro', apellido: 'Santos' });
    const { token } = await invite(admin, agent.user.email);
    expect((await post(t, '/miInmobiliaria/aceptar', { token }, agent.auth)).status).toBe(200);
    return agent;
  }

  test('an account creates its agency: slug from the name, kind account, the creator its administrator, the profile as given', async () => {
    const { admin, slug } = await agencyOf();
    expect(slug).toBe('inmobiliaria-caribe-alvarez');
    const mine = await get(t, '/miInmobiliaria', admin.auth);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      rol: 'admin',
      agencia: {
        slug,
        nombre: PERFIL.nombre,
        logo: PERFIL.logo,
        telefono: '+18095551234',
        whatsapp: '+18295559876',
        email: 'oficina@caribe.example.com',
        rnc: PERFIL.rnc,
        latitude: PERFIL.latitude,
      },
      miembros: [{ _id: admin.user.id, rol: 'admin', email: admin.user.email }],
    });
    // the public list of agencies names it (the advertiser line of its listings)
    expect((await get(t, '/agencias')).body.agencias).toEqual(expect.arrayContaining([{ slug, nombre: PERFIL.nombre }]));
    // a second agency of the same name gets its own slug
    const other = await agencyOf();
    expect(other.slug).toBe(`${slug}-2`);
    // at most one agency per account
    const again = await post(t, '/miInmobiliaria', { ...PERFIL, nombre: 'Otra' }, admin.auth);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(M.yaPertenece);
    // an account without an agency: none, and it works as before
    const person = await createUser(t.app);
    expect((await get(t, '/miInmobiliaria', person.auth)).body).toEqual({ agencia: null, rol: null, miembros: [], invitaciones: [] });
    expect((await get(t, '/miInmobiliaria')).status).toBe(401);
  });

  test('bad profiles are refused in Spanish; the administrator edits the profile, an agent may not', async () => {
    const user = await createUser(t.app);
    const refused = async (body: Record<string, unknown>) => {
      const res = await post(t, '/miInmobiliaria', { ...PERFIL, ...body }, user.auth);
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await refused({ nombre: '   ' })).toBe(AGENCIA_MSG.nombreRequerido);
    expect(await refused({ logo: 'javascript:alert(1)' })).toBe(M.logoNoValido);
    expect(await refused({ telefono: '12' })).toBe(M.telefonoNoValido);
    expect(await refused({ latitude: 40.7, longitude: -74 })).toBe(MSG.addressOutsideDR);
    expect(await refused({ direccion: '' })).toBe(M.direccionRequerida);
    expect(await refused({ slug: 'elegido' })).toBeTruthy();
    // a name with nothing a slug can keep still gets a valid one
    expect(slugOf('¡¿ !?')).toBe('');
    expect((await post(t, '/miInmobiliaria', { ...PERFIL, nombre: '¡¿ !?' }, user.auth)).body.agencia.slug).toMatch(/^inmobiliaria(-\d+)?$/);

    const { admin, slug } = await agencyOf({}, { ...PERFIL, nombre: 'Casas del Este' });
    const edited = await request(t, 'PUT', '/miInmobiliaria', { body: { ...PERFIL, nombre: 'Casas del Este SRL', logo: '', rnc: '' }, headers: admin.auth });
    expect(edited.status).toBe(200);
    // the slug (the page's address and the listings' source) stays
    expect(edited.body.agencia).toMatchObject({ slug, nombre: 'Casas del Este SRL', logo: '', rnc: '' });
    const agent = await agentOf(admin);
    const byAgent = await request(t, 'PUT', '/miInmobiliaria', { body: { ...PERFIL, nombre: 'Tomada' }, headers: agent.auth });
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.error).toBe(M.soloAdministrador);
    expect((await get(t, '/miInmobiliaria', agent.auth)).body).toMatchObject({ rol: 'agente', agencia: { slug, nombre: 'Casas del Este SRL' }, miembros: [] });
  });

  test('invite and accept: an emailed single-use link, only its hash stored, for that email only, expiring', async () => {
    const { admin, slug } = await agencyOf({}, { ...PERFIL, nombre: 'Invita Fácil' });
    const agent = await createUser(t.app, { email: 'agente.nuevo@example.com' });
    const since = smtp.mails.length;
    const sent = await post(t, '/miInmobiliaria/invitaciones', { email: 'Agente.Nuevo@Example.com' }, admin.auth);
    expect(sent.body.message).toBe(M.invitacionEnviada('agente.nuevo@example.com'));
    const mail = await smtp.waitFor('agente.nuevo@example.com', since);
    expect(mail.decoded).toContain('Invita Fácil');
    expect(mail.decoded).toContain('Aceptar invitación');
    const { url, token } = invitationToken(mail);
    expect(url).toBe(`http://site.test/aceptarInvitacion/${token}`);
    // only the hash is kept
    const [stored] = await t.app.db.select().from(agenciaInvitaciones).where(eq(agenciaInvitaciones.email, 'agente.nuevo@example.com'));
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    // the administrator sees it pending
    expect((await get(t, '/miInmobiliaria', admin.auth)).body.invitaciones).toEqual([{ email: 'agente.nuevo@example.com', vence: expect.any(String) }]);

    // another account cannot use it, and that does not spend it
    const stranger = await createUser(t.app);
    const wrong = await post(t, '/miInmobiliaria/aceptar', { token }, stranger.auth);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error).toBe(M.invitacionOtroEmail('agente.nuevo@example.com'));
    // a made-up or malformed token
    expect((await post(t, '/miInmobiliaria/aceptar', { token: 'f'.repeat(64) }, agent.auth)).body.error).toBe(M.invitacionNoValida);
    expect((await post(t, '/miInmobiliaria/aceptar', { token: 'x' }, agent.auth)).status).toBe(400);
    expect((await post(t, '/miInmobiliaria/aceptar', { token })).status).toBe(401);

    const ok = await post(t, '/miInmobiliaria/aceptar', { token }, agent.auth);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ rol: 'agente', agencia: { slug }, message: M.bienvenido('Invita Fácil') });
    // single use
    const twice = await post(t, '/miInmobiliaria/aceptar', { token }, agent.auth);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(M.invitacionUsada);
    const team = (await get(t, '/miInmobiliaria', admin.auth)).body;
    expect(team.miembros.map((m: { email: string; rol: string }) => [m.email, m.rol])).toEqual([
      [admin.user.email, 'admin'],
      ['agente.nuevo@example.com', 'agente'],
    ]);
    expect(team.invitaciones).toEqual([]);
    // inviting a member again is refused
    expect((await post(t, '/miInmobiliaria/invitaciones', { email: 'agente.nuevo@example.com' }, admin.auth)).body.error).toBe(M.yaMiembro);

    // an account already in an agency cannot join another
    const { admin: otherAdmin } = await agencyOf({}, { ...PERFIL, nombre: 'Otra Agencia' });
    const poach = await invite(otherAdmin, agent.user.email);
    expect((await post(t, '/miInmobiliaria/aceptar', { token: poach.token }, agent.auth)).body.error).toBe(M.yaPertenece);
    // an agent cannot invite
    expect((await post(t, '/miInmobiliaria/invitaciones', { email: 'x@example.com' }, agent.auth)).body.error).toBe(M.soloAdministrador);

    // a link expires after seven days (sessions last as long: fresh ones after the clock moves)
    expect(INVITATION_TTL_MS).toBe(7 * 24 * 3600_000);
    const late = await createUser(t.app);
    const expiring = await invite(admin, late.user.email);
    t.clock.advance(INVITATION_TTL_MS + 60_000);
    const fresh = (user: typeof late.user) => ({ authorization: `Bearer ${t.app.signToken(user)}` });
    expect((await post(t, '/miInmobiliaria/aceptar', { token: expiring.token }, fresh(late.user))).body.error).toBe(M.invitacionNoValida);
    expect((await get(t, '/miInmobiliaria', fresh(admin.user))).body.invitaciones).toEqual([]);
  });

  test("an agent's listing is the agency's; the administrator edits and deletes it; a stranger cannot", async () => {
    const { admin, slug } = await agencyOf({}, { ...PERFIL, nombre: 'Gestiona Todo' });
    const agent = await agentOf(admin);
    const listing = await publishListing(t, agent.auth, { title: 'Apartamento del agente', place: 'Gestiona Place' });
    const [row] = await t.app.db.select().from(anuncios).where(eq(anuncios.id, listing._id));
    // the owner stays the agent; the advertiser is the agency
    expect(row).toMatchObject({ ownerId: agent.user.id, source: slug });
    expect((await get(t, `/anuncio/${listing._id}`)).body.source).toBe(slug);
    const inmobiliarias = await post(t, '/allAnuncios', { filters: { place: 'Gestiona Place', anunciante: 'inmobiliaria' }, page: 0 });
    expect(inmobiliarias.body.anuncios.map((a: { _id: string }) => a._id)).toEqual([listing._id]);
    expect((await post(t, '/allAnuncios', { filters: { place: 'Gestiona Place', anunciante: 'dueno' }, page: 0 })).body.count).toBe(0);

    // the administrator sees every listing of the agency, with its agent
    const all = await get(t, '/miInmobiliaria/anuncios', admin.auth);
    expect(all.body.anuncios).toEqual([expect.objectContaining({ _id: listing._id, agente: 'Pedro Santos', estadisticas: { vistas: 0, contactos: 0, whatsapp: 0 } })]);
    // a visitor's view counts in the administrator's figures
    expect((await post(t, `/anuncio/${listing._id}/vista`)).status).toBeLessThan(300);
    expect((await get(t, '/miInmobiliaria/anuncios', admin.auth)).body.anuncios[0].estadisticas.vistas).toBe(1);
    expect((await get(t, '/miInmobiliaria/anuncios', agent.auth)).status).toBe(403);

    // the administrator opens, edits, pauses and resumes it
    expect((await get(t, `/anuncio/${listing._id}/editar`, admin.auth)).status).toBe(200);
    const edited = await editListing(t, listing._id, admin.auth, { fields: { title: 'Editado por la administradora', place: 'Gestiona Place' }, fotos: [] });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Editado por la administradora');
    expect((await post(t, `/anuncio/${listing._id}/estado`, { estado: 'pausado' }, admin.auth)).body.estado).toBe('pausado');
    expect((await post(t, `/anuncio/${listing._id}/estado`, { estado: 'activo' }, admin.auth)).body.estado).toBe('activo');
    const [after] = await t.app.db.select().from(anuncios).where(eq(anuncios.id, listing._id));
    expect(after).toMatchObject({ ownerId: agent.user.id, source: slug });

    // a stranger, and an agent of another agency's listing, cannot
    const stranger = await createUser(t.app);
    expect((await get(t, `/anuncio/${listing._id}/editar`, stranger.auth)).status).toBe(403);
    expect((await editListing(t, listing._id, stranger.auth, { fotos: [] })).status).toBe(403);
    expect((await post(t, `/anuncio/${listing._id}/estado`, { estado: 'pausado' }, stranger.auth)).status).toBe(403);
    expect((await del(t, `/${listing._id}`, stranger.auth)).status).toBe(403);
    // an agent does not manage a colleague's listing (only the administrator does)
    const colleague = await agentOf(admin);
    expect((await editListing(t, listing._id, colleague.auth, { fotos: [] })).status).toBe(403);
    // an administrator of another agency neither
    const { admin: otherAdmin } = await agencyOf({}, { ...PERFIL, nombre: 'Ajena' });
    expect((await del(t, `/${listing._id}`, otherAdmin.auth)).status).toBe(403);

    const gone = await del(t, `/${listing._id}`, admin.auth);
    expect(gone.status).toBe(200);
    expect((await get(t, `/anuncio/${listing._id}`)).status).toBe(404);
    expect((await get(t, '/miInmobiliaria/anuncios', admin.auth)).body.anuncios).toEqual([]);
  });

  test("the plan's quota is the agency's: the administrator's plan against all its members' active listings", async () => {
    const { admin, slug } = await agencyOf({ miPlan: 3 }, { ...PERFIL, nombre: 'Cupo Compartido' });
    const a = await agentOf(admin);
    const b = await agentOf(admin);
    await publishListing(t, a.auth);
    await publishListing(t, b.auth);
    const third = await publishListing(t, admin.auth);
    // each member sees the agency's slots left
    expect((await post(t, '/misAnuncios', {}, b.auth)).body).toMatchObject({ miPlan: 3, canitdadDeAnunciosDisponibles: 0 });
    // full for every member, whatever their own plan (an agent's own plan is 5 by default)
    for (const who of [a, b, admin]) {
      const res = await request(t, 'POST', '/anuncio', { raw: new FormData(), headers: who.auth });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(MSG.quotaReached);
    }
    // a slot freed by one member is usable by another; resuming needs a free slot of the agency's
    expect((await post(t, `/anuncio/${third._id}/estado`, { estado: 'pausado' }, admin.auth)).status).toBe(200);
    const fourth = await publishListing(t, b.auth);
    const resume = await post(t, `/anuncio/${third._id}/estado`, { estado: 'activo' }, admin.auth);
    expect(resume.status).toBe(403);
    expect(resume.body.error).toBe(MSG.quotaReached);
    const active = await t.app.db.select().from(anuncios).where(eq(anuncios.source, slug));
    expect(active.filter((r) => r.estado === 'activo')).toHaveLength(3);
    expect(fourth._id).toBeTruthy();
    // a private person's account works exactly as before: its own plan
    const person = await createUser(t.app, { miPlan: 1 });
    const own = await publishListing(t, person.auth);
    const [row] = await t.app.db.select().from(anuncios).where(eq(anuncios.id, own._id));
    expect(row.source).toBeNull();
    expect((await post(t, '/misAnuncios', {}, person.auth)).body).toMatchObject({ miPlan: 1, canitdadDeAnunciosDisponibles: 0 });
  });

  test('two agents publishing at once for the last slot: exactly one gets it (the administrator\'s row is the lock)', async () => {
    const { admin, slug } = await agencyOf({ miPlan: 2 }, { ...PERFIL, nombre: 'Ultimo Cupo' });
    const [a, b] = [await agentOf(admin), await agentOf(admin)];
    await publishListing(t, admin.auth);
    const form = () => listingForm({ ...LISTING_FIELDS });
    const answers = await Promise.all([a, b].map((who) => request(t, 'POST', '/anuncio', { raw: form(), headers: who.auth })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 403]);
    const rows = await t.app.db.select().from(anuncios).where(eq(anuncios.source, slug));
    expect(rows.filter((r) => r.estado === 'activo')).toHaveLength(2);
  });

  test("a removed agent's listings stay with the agency, now the administrator's; the agent is on their own again", async () => {
    const { admin, slug } = await agencyOf({}, { ...PERFIL, nombre: 'Equipo Cambiante' });
    const agent = await agentOf(admin);
    const first = await publishListing(t, agent.auth);
    const second = await publishListing(t, agent.auth);
    // only the administrator removes, only agents of the agency are removed
    expect((await del(t, `/miInmobiliaria/miembros/${admin.user.id}`, agent.auth)).status).toBe(403);
    expect((await del(t, `/miInmobiliaria/miembros/${admin.user.id}`, admin.auth)).status).toBe(404);
    expect((await del(t, '/miInmobiliaria/miembros/no-es-un-id', admin.auth)).status).toBe(404);
    const removed = await del(t, `/miInmobiliaria/miembros/${agent.user.id}`, admin.auth);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(M.agenteQuitado);

    const rows = await t.app.db.select().from(anuncios).where(eq(anuncios.source, slug));
    expect(rows.map((r) => [r.id, r.ownerId]).sort()).toEqual([first._id, second._id].map((id) => [id, admin.user.id]).sort());
    expect((await get(t, `/anuncio/${first._id}`)).body.source).toBe(slug);
    // the former agent no longer manages them, and publishes as a private person
    expect((await editListing(t, first._id, agent.auth, { fotos: [] })).status).toBe(403);
    expect((await get(t, '/miInmobiliaria', agent.auth)).body.agencia).toBeNull();
    const own = await publishListing(t, agent.auth);
    const [mine] = await t.app.db.select().from(anuncios).where(eq(anuncios.id, own._id));
    expect(mine.source).toBeNull();
    expect((await post(t, '/misAnuncios', {}, agent.auth)).body.listaDeTodos.map((a: { _id: string }) => a._id)).toEqual([own._id]);
    expect((await get(t, '/miInmobiliaria/anuncios', admin.auth)).body.anuncios).toHaveLength(2);
  });
});

describe.each(engines())('agency invitations are limited on %s', (engine) => {
  const { t } = setupMailApp(engine, {}, { rateLimits: { ...NO_LIMITS, invite: { user: { max: 2, windowMs: 3600_000 }, ip: { max: 100, windowMs: 3600_000 } } } });

  test("an administrator's invitations past the hour's budget are refused with 429 and Retry-After; nothing is stored", async () => {
    const admin = await createUser(t.app);
    expect((await post(t, '/miInmobiliaria', { ...PERFIL, nombre: 'Limitada' }, admin.auth)).status).toBe(201);
    for (const n of [1, 2]) expect((await post(t, '/miInmobiliaria/invitaciones', { email: `limite${n}@example.com` }, admin.auth)).status).toBe(200);
    const over = await post(t, '/miInmobiliaria/invitaciones', { email: 'limite3@example.com' }, admin.auth);
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(MSG.tooManyRequests);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.app.db.select().from(agenciaInvitaciones).where(eq(agenciaInvitaciones.email, 'limite3@example.com'))).toEqual([]);
  });
});
