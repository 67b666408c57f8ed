import { signupSchema, forgotPasswordSchema, isSingleEmail, signupFormSchema, anuncioSchema, allAnunciosSchema, cleanFilters, firstError, requestConfirmationSchema, loginSchema, listingCorrections } from './schemas';
import { MSG } from './messages';

const msg = (r: { success: boolean; error?: Parameters<typeof firstError>[0] }) => (r.success ? null : firstError(r.error!));

describe('sign-up form', () => {
  const ok = { name: 'Ana', apellido: 'Díaz', email: 'ana@example.com', password: 'Clave-1a', repeatPassword: 'Clave-1a' };
  it('accepts a valid form and lowercases the email', () => {
    const r = signupFormSchema.safeParse({ ...ok, email: 'ANA@Example.com' });
    expect(r.success && r.data.email).toBe('ana@example.com');
  });
  it.each([
    [{ name: 'A' }, 'Name must have at least 2 letters'],
    [{ apellido: 'D' }, 'Apellido must have at least 2 letters'],
    [{ email: 'ana example.com' }, 'Invalid email'],
    [{ password: 'clave-1a', repeatPassword: 'clave-1a' }, 'No Incluye letra mayuscula'],
    [{ password: 'Clave-1', repeatPassword: 'Clave-1' }, 'No Incluye por lo menos 8 caracteres'],
    [{ repeatPassword: 'otra' }, 'Passwords did not match'],
  ])('%j -> %s', (patch, expected) => {
    expect(msg(signupFormSchema.safeParse({ ...ok, ...patch }))).toBe(expected);
  });
});

describe('emails', () => {
  it('login and link-request check the email format', () => {
    expect(msg(loginSchema.safeParse({ email: 'x', password: 'y' }))).toBe('Invalid email');
    expect(msg(requestConfirmationSchema.safeParse({ email: 'a@b c' }))).toBe('Invalid email');
    expect(msg(requestConfirmationSchema.safeParse({ email: 'a@b.do' }))).toBeNull();
  });
  // Issue 19: one address, never a list of recipients or a header (sign-up relayed to both).
  const lists = [
    'victim1@example.test,victim2@example.test',
    'victim1@example.test;victim2@example.test',
    'a@b.do victim@example.test',
    'Rosa <rosa@example.com>',
    '<rosa@example.com>',
    'rosa@example.com\nBcc: victim@example.test',
    'rosa@example.com\r\nvictim@example.test',
    '"a,b"@example.com',
    'a@b@c.do',
    'a@.do',
    'a@b..do',
  ];
  it.each(lists)('refuses %j everywhere with the SPEC text', (email) => {
    expect(isSingleEmail(email)).toBe(false);
    const signup = { name: 'Ana', apellido: 'Díaz', email, password: 'Clave-1a' };
    expect(msg(signupSchema.safeParse(signup))).toBe('Invalid email');
    expect(msg(loginSchema.safeParse({ email, password: 'y' }))).toBe('Invalid email');
    expect(msg(forgotPasswordSchema.safeParse({ email }))).toBe('Invalid email');
    expect(msg(requestConfirmationSchema.safeParse({ email }))).toBe('Invalid email');
  });
  it('takes ordinary single addresses (plus, dots, subdomains, trimmed)', () => {
    for (const email of ['ana.diaz+casas@mail.example.com.do', 'x_y@b.do', ' ana@b.do ', 'ANA@B.DO']) {
      expect(msg(signupSchema.safeParse({ name: 'Ana', apellido: 'Díaz', email, password: 'Clave-1a' }))).toBeNull();
    }
  });
});

describe('add-listing schema (SPEC §5)', () => {
  const ok = { title: 'Casa en Naco', price: '1500000', description: 'Casa', name: 'Ana', apellido: 'Díaz', movil: '8095551234', email: 'a@b.do', address: 'Calle 1', latitude: '18.47', longitude: '-69.9' };
  it('applies the defaults moneda RD, proposito venta, propiedad Casa and parses multipart strings', () => {
    const r = anuncioSchema.parse({ ...ok, piscina: 'true', patio: 'false', habitaciones: '3' });
    expect(r).toMatchObject({ moneda: 'RD', proposito: 'venta', propiedad: 'Casa', price: 1500000, piscina: true, patio: false, habitaciones: 3 });
  });
  it.each([
    ['name', 'Nombre es requerido'],
    ['apellido', 'Apellido es requerido'],
    ['price', 'Precio es requerido'],
    ['title', 'Título es requerido'],
    ['description', 'Descripció es requerido'],
    ['movil', 'Celular es requerido'],
    ['address', 'Dirección es requerido'],
  ])('missing %s -> %s', (field, expected) => {
    expect(msg(anuncioSchema.safeParse({ ...ok, [field]: '' }))).toBe(expected);
  });
  it('issue 39: a price of 0, a blank title and negative numbers are refused with their messages, never clamped', () => {
    expect(msg(anuncioSchema.safeParse({ ...ok, price: '0' }))).toBe(MSG.precioMayorQueCero);
    expect(msg(anuncioSchema.safeParse({ ...ok, price: 0 }))).toBe(MSG.precioMayorQueCero);
    expect(msg(anuncioSchema.safeParse({ ...ok, price: '-5' }))).toBe(MSG.noNegativos);
    expect(msg(anuncioSchema.safeParse({ ...ok, price: 'abc' }))).toBe(MSG.precioRequerido);
    expect(msg(anuncioSchema.safeParse({ ...ok, title: '   ' }))).toBe(MSG.tituloRequerido);
    const { title: _omitted, ...untitled } = ok;
    expect(msg(anuncioSchema.safeParse(untitled))).toBe(MSG.tituloRequerido);
    for (const field of ['metros', 'habitaciones', 'banos', 'nivel']) expect(msg(anuncioSchema.safeParse({ ...ok, [field]: '-1' }))).toBe(MSG.noNegativos);
    expect(anuncioSchema.parse({ ...ok, price: '0.5', metros: '0', habitaciones: '0' })).toMatchObject({ price: 0.5, metros: 0, habitaciones: 0 });
  });
  it('issue 39: what a stored listing lacks, each message once; nothing for a valid one', () => {
    const stored = { ...ok, price: 0, title: '', latitude: 18.47, longitude: -69.9, metros: null, habitaciones: null };
    expect(listingCorrections(stored)).toEqual([MSG.tituloRequerido, MSG.precioMayorQueCero]);
    expect(listingCorrections({ ...stored, price: 90000, title: 'Solar' })).toEqual([]);
  });
  it('refuses a point outside the Dominican Republic', () => {
    expect(msg(anuncioSchema.safeParse({ ...ok, latitude: '40.7', longitude: '-74' }))).toBe('La dirección debe estar en la República Dominicana');
  });
  it('refuses unknown enum values', () => {
    expect(anuncioSchema.safeParse({ ...ok, propiedad: 'Castillo' }).success).toBe(false);
  });
  it('takes one contact email, never a list (issue 19)', () => {
    expect(msg(anuncioSchema.safeParse({ ...ok, email: 'a@b.do,victim@example.test' }))).toBe('Invalid email');
    expect(msg(anuncioSchema.safeParse({ ...ok, email: 'Ana <a@b.do>' }))).toBe('Invalid email');
  });
});

describe('search filters', () => {
  it('drops empty and null values', () => {
    expect(cleanFilters({ place: '', region: 'Santiago', habitaciones: null, moneda: undefined, precioMin: 0 })).toEqual({ region: 'Santiago', precioMin: 0 });
  });
  it('refuses negatives and unknown enum values, accepts the filter-only types', () => {
    expect(allAnunciosSchema.safeParse({ filters: { precioMin: -1 }, page: 0 }).success).toBe(false);
    expect(allAnunciosSchema.safeParse({ filters: { proposito: 'construir' }, page: 0 }).success).toBe(false);
    expect(allAnunciosSchema.safeParse({ filters: { propiedad: 'Edificio' }, page: 0 }).success).toBe(true);
    expect(allAnunciosSchema.safeParse({ filters: { hacker: 1 }, page: 0 }).success).toBe(false);
  });
  it('counts rooms whole: "at least 2.5" is at least 3, the smallest fraction at least 1', () => {
    expect(allAnunciosSchema.parse({ filters: { habitaciones: 2.5 }, page: 0 }).filters.habitaciones).toBe(3);
    expect(allAnunciosSchema.parse({ filters: { habitaciones: 5e-324 }, page: 0 }).filters.habitaciones).toBe(1);
    expect(allAnunciosSchema.parse({ filters: { habitaciones: 2 }, page: 0 }).filters.habitaciones).toBe(2);
  });
});
