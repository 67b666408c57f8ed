/**
 * Account calls over the real app, a real database and a real SMTP server: the links in the
 * received mails are followed exactly as a person would.
 */
import { MSG } from 'shared-contracts';
import { engines } from './support/engines';
import { NO_LIMITS } from './support/limits';
import { setupMailApp } from './support/app';
import { linkIn } from './support/smtp';
import { get, jwtPayload, post } from './support/http';

const PASSWORD = 'Casa2024!';
const NEW_PASSWORD = 'Nueva#2025x';

describe.each(engines())('accounts on %s', (engine) => {
  const { t, smtp } = setupMailApp(engine, {}, { rateLimits: NO_LIMITS });
  let n = 0;
  const newEmail = () => `persona${++n}@example.com`;

  async function signup(email: string, extra: Record<string, unknown> = {}) {
    const since = smtp.mails.length;
    const res = await post(t, '/api/user/signup', { email, password: PASSWORD, name: 'María', apellido: 'Núñez', ...extra });
    return { res, mail: () => smtp.waitFor(email.toLowerCase(), since) };
  }

  async function confirmedUser() {
    const email = newEmail();
    const { mail } = await signup(email);
    const { id, token } = linkIn(await mail(), 'confirmEmail');
    expect((await post(t, '/confirmEmail', { id, token })).status).toBe(200);
    return { email, id };
  }

  test('sign up, confirm by the mailed link, log in, reset the password, log in with the new one', async () => {
    const email = 'flujo.completo@example.com';
    const typed = 'Flujo.Completo@Example.com';
    const { res, mail } = await signup(typed);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: MSG.revisarCorreo });

    const confirmMail = await mail();
    expect(confirmMail.raw).toMatch(/^From: InmueblesRD <no-reply@inmueblesrd\.do>/m);
    expect(confirmMail.raw).toContain('text/html');
    expect(confirmMail.raw).toContain('text/plain');
    expect(confirmMail.decoded).toContain('Confirmar email');
    const link = linkIn(confirmMail, 'confirmEmail');
    expect(link.url.startsWith('http://site.test/confirmEmail/')).toBe(true);
    expect(link.token).toMatch(/^[0-9a-f]{64}$/);

    const early = await post(t, '/api/user/login', { email, password: PASSWORD });
    expect(early.body).toEqual({ error: 'Please confirm your email address first' });

    expect(await post(t, '/confirmEmail', { id: link.id, token: link.token })).toMatchObject({ status: 200, body: { message: MSG.emailConfirmed } });
    // Single use; the same link again is answered as already done (issue 39), not as an error.
    expect(await post(t, '/confirmEmail', { id: link.id, token: link.token })).toMatchObject({ status: 200, body: { message: MSG.emailYaConfirmado } });

    const login = await post(t, '/api/user/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ _id: link.id, name: 'María', apellido: 'Núñez', email: 'flujo.completo@example.com', miPlan: 5 });
    const payload = jwtPayload(login.body.token);
    expect(payload).toEqual({ sub: link.id, tv: 0, exp: Math.floor(t.clock.now() / 1000) + t.config.jwtTtlSeconds });
    expect(JSON.parse(Buffer.from(login.body.token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const auth = { authorization: `Bearer ${login.body.token}` };
    expect((await post(t, '/misAnuncios', {}, auth)).status).toBe(200);

    const since = smtp.mails.length;
    expect(await post(t, '/forgot-password', { email })).toMatchObject({ status: 200, body: { message: MSG.resetLinkSent } });
    const reset = linkIn(await smtp.waitFor('flujo.completo@example.com', since), 'resetPassword');
    expect(reset.url.startsWith('http://site.test/resetPassword/')).toBe(true);

    // SPEC §5: the client may send an empty value; the API refuses it with the rule's message.
    expect(await post(t, '/reset-password', { ...reset, newPassword: '' })).toMatchObject({ status: 400, body: { error: `No ${MSG.incluyeNumero}` } });
    expect(await post(t, '/reset-password', { ...reset, newPassword: 'sinnumeros' })).toMatchObject({ status: 400, body: { error: `No ${MSG.incluyeNumero}` } });
    expect(await post(t, '/reset-password', { ...reset, newPassword: 'abc123def' })).toMatchObject({ status: 400, body: { error: `No ${MSG.incluyeMayuscula}` } });
    expect(await post(t, '/reset-password', { id: reset.id, token: reset.token, newPassword: NEW_PASSWORD })).toMatchObject({ status: 200, body: { message: MSG.passwordChanged } });
    // Single use: the link used again changes nothing and says it was used (issue 39).
    expect(await post(t, '/reset-password', { id: reset.id, token: reset.token, newPassword: 'Otra#2026x' })).toMatchObject({ status: 409, body: { error: MSG.enlaceResetUsado } });
    expect(await post(t, '/api/user/login', { email, password: 'Otra#2026x' })).toMatchObject({ status: 401 });

    // Every JWT issued before the reset stops working.
    expect((await post(t, '/misAnuncios', {}, auth)).status).toBe(401);
    expect(await post(t, '/api/user/login', { email, password: PASSWORD })).toMatchObject({ status: 401, body: { error: MSG.invalidCredentials } });
    const again = await post(t, '/api/user/login', { email, password: NEW_PASSWORD });
    expect(again.status).toBe(200);
    expect(jwtPayload(again.body.token).tv).toBe(1);
    expect((await post(t, '/misAnuncios', {}, { authorization: `Bearer ${again.body.token}` })).status).toBe(200);
  });

  test('sign-up validation uses the SPEC messages; a taken email (any case) answers 409', async () => {
    const base = { email: newEmail(), password: PASSWORD, name: 'Jo', apellido: 'Ruiz' };
    expect((await post(t, '/api/user/signup', { ...base, name: 'J' })).body).toEqual({ error: MSG.nameMin });
    expect((await post(t, '/api/user/signup', { ...base, apellido: 'R' })).body).toEqual({ error: MSG.apellidoMin });
    expect((await post(t, '/api/user/signup', { ...base, email: 'sin arroba' })).body).toEqual({ error: MSG.invalidEmail });
    expect((await post(t, '/api/user/signup', { ...base, password: 'Casa2024' })).body).toEqual({ error: `No ${MSG.incluyeSimbolo}` });
    expect((await post(t, '/api/user/signup', { ...base, password: 'CASA2024!' })).body).toEqual({ error: `No ${MSG.incluyeMinuscula}` });
    expect((await post(t, '/api/user/signup', {})).status).toBe(400);
    expect((await post(t, '/api/user/signup', base)).status).toBe(201);
    const dup = await post(t, '/api/user/signup', { ...base, email: base.email.toUpperCase() });
    expect(dup).toMatchObject({ status: 409, body: { error: MSG.emailTaken } });
  });

  test('unknown fields cannot set server-owned columns (confirmation, plan)', async () => {
    const email = newEmail();
    const { res, mail } = await signup(email, { confirmed: true, miPlan: 20, tokenVersion: 9 });
    expect(res.status).toBe(201);
    expect((await post(t, '/api/user/login', { email, password: PASSWORD })).body).toEqual({ error: MSG.confirmEmailFirst });
    await post(t, '/confirmEmail', linkIn(await mail(), 'confirmEmail'));
    const login = await post(t, '/api/user/login', { email, password: PASSWORD });
    expect(login.body.miPlan).toBe(5);
    expect(jwtPayload(login.body.token).tv).toBe(0);
  });

  test('login: wrong password and unknown email answer the same; the unconfirmed answer needs the right password', async () => {
    const { email } = await confirmedUser();
    const wrong = await post(t, '/api/user/login', { email, password: 'Mala1234!' });
    const unknown = await post(t, '/api/user/login', { email: 'nadie@example.com', password: 'Mala1234!' });
    expect(wrong).toMatchObject({ status: 401, body: { error: MSG.invalidCredentials } });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    const pending = newEmail();
    await signup(pending);
    expect(await post(t, '/api/user/login', { email: pending, password: 'Mala1234!' })).toMatchObject({ status: 401, body: { error: MSG.invalidCredentials } });
    expect((await post(t, '/api/user/login', { email: 'x', password: 'a' })).body).toEqual({ error: MSG.invalidEmail });
  });

  test('forgot-password and confirmation-link requests answer the same for known and unknown emails', async () => {
    const { email: confirmed } = await confirmedUser();
    const unconfirmed = newEmail();
    await signup(unconfirmed);
    const answers = await Promise.all(
      [confirmed, unconfirmed, 'desconocido@example.com'].map((email) => post(t, '/forgot-password', { email })),
    );
    for (const a of answers) expect(a).toMatchObject({ status: 200, body: { message: MSG.resetLinkSent } });
    const links = await Promise.all(
      [confirmed, unconfirmed, 'desconocido@example.com'].map((email) => post(t, '/get-email-confirmation-link', { email })),
    );
    for (const a of links) expect(a).toMatchObject({ status: 200, body: { message: MSG.confirmLinkSent } });
    await t.app.mailer.flush();
    // Mail went only where it should: a reset to both accounts, a confirmation to the unconfirmed one.
    expect(smtp.mails.filter((m) => m.to.includes('desconocido@example.com'))).toHaveLength(0);
    expect((await post(t, '/forgot-password', { email: 'mal' })).body).toEqual({ error: MSG.invalidEmail });
    expect((await post(t, '/get-email-confirmation-link', { email: 'a b@c' })).body).toEqual({ error: MSG.invalidEmail });
  });

  test('a fresh confirmation link replaces the previous one', async () => {
    const email = newEmail();
    const { mail } = await signup(email);
    const first = linkIn(await mail(), 'confirmEmail');
    const since = smtp.mails.length;
    await post(t, '/get-email-confirmation-link', { email });
    const second = linkIn(await smtp.waitFor(email, since), 'confirmEmail');
    expect(second.token).not.toBe(first.token);
    expect((await post(t, '/confirmEmail', first)).body).toEqual({ error: MSG.invalidOrExpiredLink });
    expect((await post(t, '/confirmEmail', second)).status).toBe(200);
  });

  test('issue 39: "already done" only for the very link that was used; a used link never works again', async () => {
    const altered = (token: string) => `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    const email = newEmail();
    const { mail } = await signup(email);
    const link = linkIn(await mail(), 'confirmEmail');
    // a made-up or altered token is still refused as before, even once the email is confirmed
    expect((await post(t, '/confirmEmail', link)).body).toEqual({ message: MSG.emailConfirmed });
    expect(await post(t, '/confirmEmail', { id: link.id, token: altered(link.token) })).toMatchObject({ status: 400, body: { error: MSG.invalidOrExpiredLink } });
    // long after it expired, the used link still says it is done
    t.clock.advance(30 * 24 * 3600_000);
    expect(await post(t, '/confirmEmail', link)).toMatchObject({ status: 200, body: { message: MSG.emailYaConfirmado } });

    const since = smtp.mails.length;
    await post(t, '/forgot-password', { email });
    const reset = linkIn(await smtp.waitFor(email, since), 'resetPassword');
    expect((await post(t, '/reset-password', { ...reset, newPassword: NEW_PASSWORD })).status).toBe(200);
    // a newer link works; the used one keeps saying it was used and changes nothing
    const since2 = smtp.mails.length;
    await post(t, '/forgot-password', { email });
    const newer = linkIn(await smtp.waitFor(email, since2), 'resetPassword');
    expect(await post(t, '/reset-password', { ...reset, newPassword: 'Otra#2026x' })).toMatchObject({ status: 409, body: { error: MSG.enlaceResetUsado } });
    expect((await post(t, '/api/user/login', { email, password: NEW_PASSWORD })).status).toBe(200);
    expect(await post(t, '/reset-password', { ...newer, token: altered(newer.token), newPassword: 'Otra#2026x' })).toMatchObject({ status: 400, body: { error: MSG.invalidOrExpiredLink } });
    expect((await post(t, '/reset-password', { ...newer, newPassword: 'Otra#2026x' })).status).toBe(200);
  });

  test('tokens expire: confirmation after 48 h, reset after 1 h', async () => {
    const email = newEmail();
    const { mail } = await signup(email);
    const confirm = linkIn(await mail(), 'confirmEmail');
    t.clock.advance(48 * 3600_000 + 1000);
    expect(await post(t, '/confirmEmail', confirm)).toMatchObject({ status: 400, body: { error: MSG.invalidOrExpiredLink } });

    const { email: other } = await confirmedUser();
    const since = smtp.mails.length;
    await post(t, '/forgot-password', { email: other });
    const reset = linkIn(await smtp.waitFor(other, since), 'resetPassword');
    t.clock.advance(59 * 60_000);
    const stillValid = { ...reset, newPassword: NEW_PASSWORD };
    t.clock.advance(2 * 60_000);
    expect(await post(t, '/reset-password', stillValid)).toMatchObject({ status: 400, body: { error: MSG.invalidOrExpiredLink } });
    expect((await post(t, '/api/user/login', { email: other, password: PASSWORD })).status).toBe(200);
  });

  test("a token only works for its own user; another user's id is refused and the token survives", async () => {
    const a = newEmail();
    const b = newEmail();
    const la = linkIn(await (await signup(a)).mail(), 'confirmEmail');
    const lb = linkIn(await (await signup(b)).mail(), 'confirmEmail');
    expect(await post(t, '/confirmEmail', { id: lb.id, token: la.token })).toMatchObject({ status: 400, body: { error: MSG.invalidOrExpiredLink } });
    expect(await post(t, '/confirmEmail', { id: 'no-es-un-uuid', token: la.token })).toMatchObject({ status: 400, body: { error: MSG.invalidOrExpiredLink } });
    expect(await post(t, '/reset-password', { id: lb.id, token: la.token, newPassword: NEW_PASSWORD })).toMatchObject({ status: 400 });
    expect((await post(t, '/confirmEmail', la)).status).toBe(200);
    expect((await post(t, '/api/user/login', { email: b, password: PASSWORD })).body).toEqual({ error: MSG.confirmEmailFirst });
    expect((await post(t, '/confirmEmail', {})).body).toEqual({ error: MSG.invalidOrExpiredLink });
  });

  test('health answers with the engine', async () => {
    expect(await get(t, '/health')).toMatchObject({ status: 200, body: { status: 'ok', engine } });
  });
});
