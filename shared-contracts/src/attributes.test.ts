import { allAnunciosSchema, anuncioSchema, firstError } from './schemas';
import {
  formatBanos,
  formatEntrega,
  formatFloor,
  formatListingPrice,
  formatMantenimiento,
  formatParqueos,
  formatPricePerM2,
  listingAttributes,
  otherCurrencyPricePerM2,
  pricePerM2,
} from './format';
import { parseSearch, searchHref } from './search-url';
import { proposeSearchName, searchIdentity } from './saved';
import { anoConstruccionMax, entregaMonth, safeLine } from './attributes';
import type { Anuncio } from './types';

const ok = {
  title: 'Apto', price: '100', description: 'd', name: 'Ana', apellido: 'Pérez', movil: '8095551234', email: 'a@b.do',
  address: 'Piantini', latitude: '18.47', longitude: '-69.93',
};
const msg = (r: { success: boolean; error?: unknown }) => (r.success ? null : firstError(r.error as never));

describe('issue 42 formatters', () => {
  it('a rent shows its period; a sale does not', () => {
    expect(formatListingPrice(50000, 'RD', 'alquiler')).toBe('RD$ 50,000/mes');
    expect(formatListingPrice(250000, 'US', 'venta')).toBe('US$ 250,000');
  });
  it('the floor reads "Piso 12"', () => expect(formatFloor(12)).toBe('Piso 12'));
  it('bathrooms with half ones', () => {
    expect(formatBanos(2, 1)).toBe('2½ baños');
    expect(formatBanos(1, 0)).toBe('1 baño');
    expect(formatBanos(1, null)).toBe('1 baño');
    expect(formatBanos(3, null)).toBe('3 baños');
    expect(formatBanos(0, 1)).toBe('½ baño');
    expect(formatBanos(null, 1)).toBe('½ baño');
    expect(formatBanos(3, 2)).toBe('3 baños y 2 medios');
    expect(formatBanos(null, null)).toBeNull();
  });
  it('price per m² in the listing currency and the other one', () => {
    expect(pricePerM2(12_000_000, 100)).toBe(120_000);
    expect(pricePerM2(100, 0)).toBeNull();
    expect(pricePerM2(100, null)).toBeNull();
    expect(formatPricePerM2(12_000_000, 'RD', 100)).toBe('RD$ 120,000/m²');
    expect(formatPricePerM2(250_000, 'US', 120)).toBe('US$ 2,083/m²');
    expect(formatPricePerM2(250_000, 'US', null)).toBeNull();
    expect(otherCurrencyPricePerM2(250_000, 'US', 100, 60)).toBe('≈ RD$ 150,000/m²');
    expect(otherCurrencyPricePerM2(12_000_000, 'RD', 100, 60)).toBe('≈ US$ 2,000/m²');
    expect(otherCurrencyPricePerM2(12_000_000, 'RD', 0, 60)).toBeNull();
  });
  it('fee, delivery and parking', () => {
    expect(formatMantenimiento(8500, 'RD')).toBe('RD$ 8,500/mes');
    expect(formatMantenimiento(null, 'RD')).toBeNull();
    expect(formatEntrega('2027-06')).toBe('junio de 2027');
    expect(formatParqueos({ parqueo: true, parqueos: 2 })).toBe('2 parqueos');
    expect(formatParqueos({ parqueo: true, parqueos: 1 })).toBe('1 parqueo');
    expect(formatParqueos({ parqueo: true, parqueos: null })).toBe('Parqueo');
    expect(formatParqueos({ parqueo: false, parqueos: null })).toBeNull();
  });
  it('the detail lists only known attributes', () => {
    const a = { moneda: 'US', parqueo: true, parqueos: 2, amueblado: 'semi', respaldo: 'planta', ascensor: true, cisterna: false, gasComun: null, mantenimiento: 150, mantenimientoMoneda: 'US', construccion: 'planos', entrega: '2027-06' } as unknown as Anuncio;
    expect(listingAttributes(a)).toEqual([
      { label: 'Parqueos', value: '2 parqueos' },
      { label: 'Amueblado', value: 'Semiamueblado' },
      { label: 'Respaldo eléctrico', value: 'Planta eléctrica full' },
      { label: 'Cisterna', value: 'No' },
      { label: 'Ascensor', value: 'Sí' },
      { label: 'Mantenimiento mensual', value: 'US$ 150/mes' },
      { label: 'Estado de la obra', value: 'En planos' },
      { label: 'Entrega', value: 'junio de 2027' },
    ]);
  });
  it('a street line loses control and bidi characters', () => {
    expect(safeLine(' Calle 1\r\nBcc: x@y.z\u202e ')).toBe('Calle 1 Bcc: x@y.z');
    expect(entregaMonth('2027-06')).toBe(202706);
    expect(entregaMonth('2027-13')).toBeNull();
  });
});

describe('issue 42 listing input', () => {
  it('accepts every attribute and keeps unknown as null, absent as undefined', () => {
    const r = anuncioSchema.parse({
      ...ok, mediosBanos: '1', parqueos: '2', amueblado: 'si', respaldo: 'inversor', cisterna: 'true', gasComun: 'no', ascensor: '',
      mantenimiento: '8500', mantenimientoMoneda: 'RD', anoConstruccion: '2015', construccion: 'construccion', entrega: '2027-06', calle: 'Calle A\n#5',
    });
    expect(r).toMatchObject({ mediosBanos: 1, parqueos: 2, amueblado: 'si', respaldo: 'inversor', cisterna: true, gasComun: false, ascensor: null, mantenimiento: 8500, anoConstruccion: 2015, construccion: 'construccion', entrega: '2027-06', calle: 'Calle A #5' });
    expect(r.seguridad24h).toBeUndefined();
  });
  it('refuses bad values with Spanish messages', () => {
    expect(msg(anuncioSchema.safeParse({ ...ok, parqueos: '-1' }))).toBe('No se permiten números negativos');
    expect(msg(anuncioSchema.safeParse({ ...ok, parqueos: '1.5' }))).toBe('Parqueos debe ser un número entero');
    expect(msg(anuncioSchema.safeParse({ ...ok, mediosBanos: '11' }))).toBe('Medios baños: máximo 10');
    expect(msg(anuncioSchema.safeParse({ ...ok, amueblado: 'mucho' }))).toBe('Amueblado: valor no válido');
    expect(msg(anuncioSchema.safeParse({ ...ok, respaldo: 'solar' }))).toBe('Respaldo eléctrico: valor no válido');
    expect(msg(anuncioSchema.safeParse({ ...ok, ascensor: 'quizás' }))).toBe('Ascensor: valor no válido');
    expect(msg(anuncioSchema.safeParse({ ...ok, anoConstruccion: '1700' }))).toBe(`El año de construcción debe estar entre 1800 y ${anoConstruccionMax()}`);
    expect(msg(anuncioSchema.safeParse({ ...ok, anoConstruccion: String(anoConstruccionMax() + 1) }))).toContain('El año de construcción');
    expect(msg(anuncioSchema.safeParse({ ...ok, construccion: 'planos', entrega: '2027-13' }))).toBe('La entrega debe ser un mes (AAAA-MM), por ejemplo 2027-06');
    expect(msg(anuncioSchema.safeParse({ ...ok, construccion: 'listo', entrega: '2027-06' }))).toBe('La fecha de entrega solo aplica a proyectos en planos o en construcción');
    expect(msg(anuncioSchema.safeParse({ ...ok, mantenimiento: 'abc' }))).toBe('Mantenimiento mensual: valor no válido');
    expect(msg(anuncioSchema.safeParse({ ...ok, calle: 'x'.repeat(121) }))).toBe('Máximo 120 caracteres');
  });
});

describe('issue 42 search filters', () => {
  it('the request takes the new filters', () => {
    const r = allAnunciosSchema.parse({ filters: { banosMin: '1.5', parqueosMin: 2, amueblado: 'si', respaldo: 'planta', ascensor: 'true', piscina: true, seguridad24h: '1', construccion: 'planos', entregaHasta: '2028', mantenimientoMax: '10000' } });
    expect(r.filters).toEqual({ banosMin: 2, parqueosMin: 2, amueblado: 'si', respaldo: 'planta', ascensor: true, piscina: true, seguridad24h: true, construccion: 'planos', entregaHasta: 2028, mantenimientoMax: 10000 });
    expect(allAnunciosSchema.safeParse({ filters: { ascensor: false } }).success).toBe(false);
    expect(allAnunciosSchema.safeParse({ filters: { respaldo: 'ninguno' } }).success).toBe(false);
    expect(allAnunciosSchema.safeParse({ filters: { entregaHasta: 1999 } }).success).toBe(false);
    expect(allAnunciosSchema.safeParse({ filters: { banosMin: -1 } }).success).toBe(false);
  });
  it('the URL reads and writes them in one fixed order', () => {
    const filters = { region: 'Distrito Nacional', proposito: 'alquiler', amueblado: 'si', parqueosMin: 2, respaldo: 'planta', ascensor: true, construccion: 'planos', entregaHasta: 2028, banosMin: 2, mantenimientoMax: 9000 } as const;
    const href = searchHref({ filters, page: 1, orden: 'precio_asc' });
    expect(href).toBe('/?region=Distrito+Nacional&proposito=alquiler&banosMin=2&parqueosMin=2&amueblado=si&respaldo=planta&ascensor=si&construccion=planos&entregaHasta=2028&mantenimientoMax=9000&orden=precio_asc');
    expect(parseSearch(href.slice(1))).toEqual({ filters, page: 1, orden: 'precio_asc' });
    expect(parseSearch('?amueblado=mucho&respaldo=ninguno&ascensor=no&piscina=1&entregaHasta=3000&parqueosMin=-2').filters).toEqual({ piscina: true });
  });
  it('saved searches tell the new filters apart and name them', () => {
    expect(searchIdentity({ amueblado: 'si' })).not.toBe(searchIdentity({ amueblado: 'semi' }));
    expect(proposeSearchName({ propiedad: 'Apartamento', proposito: 'alquiler', locality: 'Piantini', amueblado: 'si', parqueosMin: 2, respaldo: 'planta' })).toBe(
      'Apartamentos en alquiler en Piantini, 2+ parqueos, amueblado, planta eléctrica full',
    );
  });
});
