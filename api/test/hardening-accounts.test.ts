/**
 * Issue 19, items 1, 3 (reset) and 4, over real HTTP with a real SMTP server: every email the
 * portal takes is one address (a list never becomes several recipients), letters show names as
 * plain text and carry no URL taken from user input, passwords need 8 characters, and
 * `/reset-password` checks the link before paying for a password hash.
 */
import { MSG } from 'shared-contracts';
import * as passwords from '../src/accounts/passwords';

// The real hashPassword, watched: a module's exports are read-only under the test transform
// (@swc/jest), so the watch is put in place when the module is loaded instead of spied on later.
jest.mock('../src/accounts/passwords', () => {
  const actual = jest.requireActual<typeof import('../src/accounts/passwords')>('../src/accounts/passwords');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
import { createMailer } from '../src/mail/mailer';
import { engines } from './support/engines';
import { NO_LIMITS } from './support/limits';
import { setupMailApp } from './support/app';
import { startSmtp, linkIn } from './support/smtp';
import { post } from './support/http';

const PASSWORD = 'Casa2024!';

const LISTS = [
  'victim1@example.test,victim2@example.test',
  'victim1@example.test;victim2@example.test',
  'Spam <victim1@example.test>',
  'victim1@example.test victim2@example.test',
  'victim1@example.test\nBcc: victim2@example.test',
];

describe.each(engines())('account hardening on %s', (engine) => {
  const { t, smtp } = setupMailApp(engine, {}, { rateLimits: NO_LIMITS });


  test.each(LISTS)('an address list %j is refused by every call that takes an email, and nobody gets mail', async (email) => {
    const before = smtp.mails.length;
    const calls = [
      post(t, '/api/user/signup', { email, password: PASSWORD, name: 'Ana', apellido: 'Gil' }),
      post(t, '/api/user/login', { email, password: PASSWORD }),
      post(t, '/forgot-password', { email }),
      post(t, '/get-email-confirmation-link', { email }),
    ];
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ status: 400, body: { error: MSG.invalidEmail } });
    await t.app.mailer.flush();
    expect(smtp.mails.slice(before)).toEqual([]);
  });

  test('a name carrying a URL is not in the letter; a plain name is greeted as typed', async () => {
    const since = smtp.mails.length;
    const hostile = { email: 'url.en.nombre@example.com', password: PASSWORD, name: 'Gana dinero en https://spam.example/oferta', apellido: 'Gil' };
    expect((await post(t, '/api/user/signup', hostile)).status).toBe(201);
    const mail = await smtp.waitFor(hostile.email, since);
    expect(mail.to).toEqual([hostile.email]);
    expect(mail.decoded).not.toContain('spam.example');
    expect(mail.decoded).toContain('Hola:');
    // The only link is the portal's own.
    const urls = mail.decoded.match(/https?:\/\/[^\s"<>]+/g) ?? [];
    expect(urls.every((u) => u.startsWith('http://site.test/confirmEmail/'))).toBe(true);

    const domainOnly = { ...hostile, email: 'dominio.en.nombre@example.com', name: 'visita spam.example' };
    expect((await post(t, '/api/user/signup', domainOnly)).status).toBe(201);
    expect((await smtp.waitFor(domainOnly.email, since)).decoded).not.toContain('spam.example');

    const plain = { ...hostile, email: 'nombre.simple@example.com', name: "María José D'Oleo-Núñez" };
    expect((await post(t, '/api/user/signup', plain)).status).toBe(201);
    expect((await smtp.waitFor(plain.email, since)).decoded).toContain("Hola María José D'Oleo-Núñez:");
  });

  test('passwords need 8 characters: sign-up and reset answer the checklist line', async () => {
    const short = 'Ca20!aa';
    const signup = await post(t, '/api/user/signup', { email: 'corta@example.com', password: short, name: 'Ana', apellido: 'Gil' });
    expect(signup).toMatchObject({ status: 400, body: { error: 'No Incluye por lo menos 8 caracteres' } });

    expect((await post(t, '/api/user/signup', { email: 'larga@example.com', password: PASSWORD, name: 'Ana', apellido: 'Gil' })).status).toBe(201);
    await t.app.mailer.flush();
    const since = smtp.mails.length;
    await post(t, '/forgot-password', { email: 'larga@example.com' });
    const reset = linkIn(await smtp.waitFor('larga@example.com', since), 'resetPassword');
    expect(await post(t, '/reset-password', { id: reset.id, token: reset.token, newPassword: short })).toMatchObject({
      status: 400,
      body: { error: `No ${MSG.incluyeOchoCaracteres}` },
    });
    expect((await post(t, '/reset-password', { id: reset.id, token: reset.token, newPassword: 'Nueva#2025' })).status).toBe(200);
  });

  test('/reset-password with a made-up token for a real account never hashes the password', async () => {
    expect((await post(t, '/api/user/signup', { email: 'sin.hash@example.com', password: PASSWORD, name: 'Ana', apellido: 'Gil' })).status).toBe(201);
    await t.app.mailer.flush();
    const since = smtp.mails.length;
    await post(t, '/forgot-password', { email: 'sin.hash@example.com' });
    const reset = linkIn(await smtp.waitFor('sin.hash@example.com', since), 'resetPassword');
    const hashing = jest.mocked(passwords.hashPassword);
    hashing.mockClear();
    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/reset-password', { id: reset.id, token: 'f'.repeat(64), newPassword: 'Nueva#2025' });
      expect(res).toMatchObject({ status: 400, body: { error: MSG.invalidOrExpiredLink } });
    }
    expect(hashing).not.toHaveBeenCalled();
    // The real link still works (the made-up ones consumed nothing) and pays for one hash.
    expect((await post(t, '/reset-password', { id: reset.id, token: reset.token, newPassword: 'Nueva#2025' })).status).toBe(200);
    expect(hashing).toHaveBeenCalledTimes(1);
  });
});

test('the mailer itself refuses a recipient list (the last door before a relay)', async () => {
  const smtp = await startSmtp();
  const errors: unknown[] = [];
  const log = { info: () => undefined, error: (o: unknown) => errors.push(o) } as never;
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'InmueblesRD <no-reply@inmueblesrd.do>', outboxDir: '/nonexistent', log });
  try {
    mailer.send({ to: 'a@example.test,b@example.test', subject: 's', text: 't', html: '<p>t</p>', link: 'http://site.test/x' });
    mailer.send({ to: 'c@example.test', subject: 's', text: 't', html: '<p>t</p>', link: 'http://site.test/x' });
    await mailer.flush();
    expect(smtp.mails.map((m) => m.to)).toEqual([['c@example.test']]);
    expect(errors).toHaveLength(1);
  } finally {
    await mailer.close();
    await smtp.close();
  }
});
