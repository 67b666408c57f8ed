/** A known catalogue for the search suite: every filter has matches, near-misses and boundaries. */
import type { FastifyInstance } from 'fastify';
import { anuncios, type NewAnuncioRow } from '../../src/db/schema';

type Row = Pick<NewAnuncioRow, 'place' | 'region' | 'locality' | 'proposito' | 'propiedad' | 'moneda' | 'price' | 'metros' | 'habitaciones'> &
  Partial<NewAnuncioRow>;

const RATE = 60;
const KNOWN: Row[] = [
  /* 1 */ { place: 'Santo Domingo', region: 'Distrito Nacional', locality: 'Piantini', proposito: 'venta', propiedad: 'Apartamento', moneda: 'RD', price: 8_000_000, metros: 120, habitaciones: 3, imageKeys: ['abc123.webp'] },
  /* 2 */ { place: 'Santo Domingo', region: 'Distrito Nacional', locality: 'Naco', proposito: 'alquiler', propiedad: 'Apartamento', moneda: 'US', price: 1_500, metros: 90, habitaciones: 2 },
  /* 3 */ { place: 'Santiago', region: 'Santiago', locality: 'Los Jardines', proposito: 'venta', propiedad: 'Casa', moneda: 'US', price: 250_000, metros: 300, habitaciones: 4 },
  /* 4 */ { place: 'Punta Cana', region: 'La Altagracia', locality: 'Bávaro', proposito: 'venta', propiedad: 'Villa', moneda: 'US', price: 600_000, metros: 450, habitaciones: 5 },
  /* 5 */ { place: 'Punta Cana', region: 'La Altagracia', locality: 'Bávaro', proposito: 'alquiler', propiedad: 'Apartamento', moneda: 'US', price: 2_000, metros: 100, habitaciones: 2 },
  /* 6 */ { place: 'La Romana', region: 'La Romana', locality: 'Casa de Campo', proposito: 'venta', propiedad: 'Villa', moneda: 'US', price: 1_200_000, metros: 800, habitaciones: 6, source: 'hazim', sourceRef: 'h-1' },
  /* 7 */ { place: 'Santiago', region: 'Santiago', locality: 'Cerros de Gurabo', proposito: 'alquiler', propiedad: 'Casa', moneda: 'RD', price: 45_000, metros: 200, habitaciones: 3 },
  /* 8 */ { place: 'Baní', region: 'Peravia', locality: '', proposito: 'venta', propiedad: 'Solar', moneda: 'RD', price: 3_000_000, metros: 1000, habitaciones: null },
  /* 9 */ { place: 'bonao', region: 'Monseñor Nouel', locality: 'Centro', proposito: 'venta', propiedad: 'Casa', moneda: 'RD', price: 4_500_000, metros: 150, habitaciones: 3 },
  /* 10 */ { place: 'Zona Oculta', region: 'Oculta', locality: 'Oculta', proposito: 'venta', propiedad: 'Casa', moneda: 'RD', price: 5_000_000, metros: 150, habitaciones: 3, status: 'withdrawn', source: 'noves', sourceRef: 'n-1' },
  /* 11 */ { place: 'Nagua', region: 'María Trinidad Sánchez', locality: 'Centro', proposito: 'alquiler', propiedad: 'Locales', moneda: 'RD', price: 30_000, metros: 80, habitaciones: 0 },
  /* 12 */ { place: 'Santo Domingo', region: 'Distrito Nacional', locality: 'Piantini', proposito: 'venta', propiedad: 'Oficina', moneda: 'RD', price: 12_000_000, metros: null, habitaciones: null },
];
/** 14 plots in Higüey, RD$ 1,000,000 to 2,300,000, 500 m² each. */
const FILLERS: Row[] = Array.from({ length: 14 }, (_, i) => ({
  place: 'Higüey',
  region: 'La Altagracia',
  locality: 'Centro',
  proposito: 'venta',
  propiedad: 'Terreno',
  moneda: 'RD',
  price: 1_000_000 + i * 100_000,
  metros: 500,
  habitaciones: null,
}));

export const CATALOGUE = [...KNOWN, ...FILLERS];
export const PUBLISHED_COUNT = CATALOGUE.filter((r) => r.status !== 'withdrawn').length;

/** Inserts one row at a time so `seq` follows the array order; answers the ids in that order. */
export async function insertCatalogue(app: FastifyInstance): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, row] of CATALOGUE.entries()) {
    const [inserted] = await app.db
      .insert(anuncios)
      .values({
        title: `Anuncio ${i + 1}`,
        description: `Descripción ${i + 1}`,
        name: 'Luis',
        apellido: 'Báez',
        movil: '8095551234',
        email: 'luis@example.com',
        address: `Calle ${i + 1}`,
        latitude: 18.47,
        longitude: -69.9,
        ...row,
        priceRd: row.moneda === 'US' ? row.price * RATE : row.price,
      })
      .returning({ id: anuncios.id });
    ids.push(inserted.id);
  }
  return ids;
}
