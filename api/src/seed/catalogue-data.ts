/**
 * The figures and words the demo catalogue is made of: price ranges per property type and
 * purpose as the Dominican market quotes them (2024–2026 asking prices, rounded), sizes, and
 * Spanish text pieces.
 */
import type { Moneda, Propiedad } from 'shared-contracts';

type Range = readonly [number, number];
export interface TypeProfile {
  /** Sale price range per currency; per m² when `perM2`. */
  venta: Record<Moneda, Range>;
  /** Monthly rent per currency; absent for types that are not rented. */
  alquiler?: Record<Moneda, Range>;
  perM2?: boolean;
  metros: Range;
  habitaciones?: Range;
  banos?: Range;
  /** Storeys or floor number. */
  nivel?: Range;
  /** Share of sale prices quoted in US$. */
  usShare: number;
}

export const TYPE_PROFILES: Partial<Record<Propiedad, TypeProfile>> = {
  Apartamento: { venta: { US: [90_000, 450_000], RD: [4_000_000, 25_000_000] }, alquiler: { RD: [18_000, 120_000], US: [500, 3_000] }, metros: [55, 220], habitaciones: [1, 4], banos: [1, 4], nivel: [1, 15], usShare: 0.55 },
  Casa: { venta: { US: [80_000, 600_000], RD: [3_500_000, 35_000_000] }, alquiler: { RD: [15_000, 150_000], US: [600, 4_000] }, metros: [90, 450], habitaciones: [2, 5], banos: [1, 5], nivel: [1, 3], usShare: 0.35 },
  Villa: { venta: { US: [250_000, 2_500_000], RD: [15_000_000, 140_000_000] }, alquiler: { US: [2_000, 12_000], RD: [120_000, 700_000] }, metros: [200, 1_200], habitaciones: [3, 7], banos: [3, 8], nivel: [1, 3], usShare: 0.8 },
  Penthouse: { venta: { US: [250_000, 1_500_000], RD: [14_000_000, 85_000_000] }, alquiler: { US: [1_800, 8_000], RD: [100_000, 450_000] }, metros: [150, 600], habitaciones: [2, 5], banos: [2, 6], nivel: [8, 30], usShare: 0.75 },
  Townhouse: { venta: { US: [120_000, 380_000], RD: [6_500_000, 22_000_000] }, alquiler: { RD: [35_000, 110_000], US: [800, 2_200] }, metros: [120, 260], habitaciones: [2, 4], banos: [2, 4], nivel: [2, 3], usShare: 0.5 },
  Lofts: { venta: { US: [90_000, 300_000], RD: [5_000_000, 17_000_000] }, alquiler: { RD: [25_000, 80_000], US: [700, 2_000] }, metros: [50, 140], habitaciones: [1, 2], banos: [1, 2], nivel: [2, 12], usShare: 0.6 },
  Estudios: { venta: { US: [50_000, 130_000], RD: [2_800_000, 7_500_000] }, alquiler: { RD: [15_000, 45_000], US: [400, 1_100] }, metros: [30, 60], habitaciones: [1, 1], banos: [1, 1], nivel: [1, 10], usShare: 0.45 },
  Oficina: { venta: { US: [80_000, 600_000], RD: [4_500_000, 35_000_000] }, alquiler: { RD: [25_000, 250_000], US: [600, 5_000] }, metros: [40, 400], banos: [1, 3], nivel: [1, 20], usShare: 0.5 },
  Locales: { venta: { US: [70_000, 900_000], RD: [4_000_000, 50_000_000] }, alquiler: { RD: [25_000, 350_000], US: [800, 7_000] }, metros: [30, 600], banos: [1, 2], usShare: 0.4 },
  Naves: { venta: { US: [300_000, 3_000_000], RD: [17_000_000, 170_000_000] }, alquiler: { RD: [80_000, 900_000], US: [2_000, 15_000] }, metros: [400, 6_000], banos: [1, 4], usShare: 0.5 },
  Hotel: { venta: { US: [800_000, 12_000_000], RD: [45_000_000, 700_000_000] }, metros: [800, 15_000], habitaciones: [10, 120], banos: [10, 120], nivel: [1, 8], usShare: 0.9 },
  Otro: { venta: { US: [50_000, 500_000], RD: [2_500_000, 28_000_000] }, alquiler: { RD: [15_000, 100_000], US: [400, 2_500] }, metros: [50, 800], usShare: 0.3 },
  Solar: { venta: { US: [60, 450], RD: [3_500, 25_000] }, perM2: true, metros: [150, 2_000], usShare: 0.4 },
  Terreno: { venta: { US: [15, 150], RD: [800, 8_500] }, perM2: true, metros: [1_000, 50_000], usShare: 0.35 },
  Finca: { venta: { US: [2, 15], RD: [80, 900] }, perM2: true, metros: [10_000, 500_000], usShare: 0.2 },
  Proyecto: { venta: { US: [95_000, 400_000], RD: [5_500_000, 23_000_000] }, metros: [60, 200], habitaciones: [1, 3], banos: [1, 3], nivel: [1, 12], usShare: 0.85 },
  Edificio: { venta: { US: [600_000, 5_000_000], RD: [35_000_000, 290_000_000] }, metros: [600, 6_000], nivel: [3, 12], usShare: 0.7 },
  Negocio: { venta: { US: [40_000, 800_000], RD: [2_300_000, 46_000_000] }, metros: [40, 500], banos: [1, 2], usShare: 0.3 },
  Turistico: { venta: { US: [150_000, 2_000_000], RD: [8_500_000, 115_000_000] }, metros: [150, 3_000], habitaciones: [2, 12], banos: [2, 12], usShare: 0.9 },
};

/** How common each type is on the portal (partners also list the feed-only types). */
export const TYPE_WEIGHTS: readonly (readonly [Propiedad, number])[] = [
  ['Apartamento', 35], ['Casa', 22], ['Solar', 8], ['Villa', 5], ['Penthouse', 5], ['Terreno', 4], ['Locales', 4],
  ['Oficina', 4], ['Townhouse', 3], ['Finca', 2], ['Lofts', 2], ['Estudios', 2], ['Naves', 2], ['Hotel', 1], ['Otro', 1],
];
export const PARTNER_ONLY_TYPES: readonly (readonly [Propiedad, number])[] = [['Proyecto', 3], ['Edificio', 1], ['Negocio', 1], ['Turistico', 1]];

/** Municipalities (gazetteer ids) where most listings are; the rest spread over the country. */
export const BUSY_MUNICIPALITIES: readonly (readonly [string, number])[] = [
  ['0101', 30], ['3201', 12], ['3202', 6], ['3203', 6], ['2501', 14], ['1101', 12], ['1201', 5], ['1801', 5],
  ['2301', 3], ['2001', 3], ['1301', 3], ['0901', 2], ['2101', 2], ['1302', 2],
];

export const FIRST_NAMES = ['María', 'José', 'Ana', 'Juan', 'Carmen', 'Luis', 'Rosa', 'Carlos', 'Altagracia', 'Miguel', 'Yolanda', 'Pedro', 'Mercedes', 'Rafael', 'Esperanza', 'Francisco', 'Yesenia', 'Ramón', 'Patricia', 'Manuel', 'Gabriela', 'Héctor', 'Lucía', 'Julio', 'Dayana', 'Wilson', 'Yaritza', 'Fernando'];
export const LAST_NAMES = ['Rodríguez', 'Pérez', 'Martínez', 'García', 'Santos', 'Reyes', 'Díaz', 'Jiménez', 'Hernández', 'Núñez', 'Peña', 'Báez', 'Guzmán', 'Castillo', 'Féliz', 'Ureña', 'Almonte', 'Mejía', 'Tavárez', 'Polanco', 'De la Cruz', 'Vásquez', 'Rosario', 'Cabrera'];
export const STREETS = ['Calle Duarte', 'Av. 27 de Febrero', 'Av. Independencia', 'Calle Mella', 'Calle Sánchez', 'Calle Restauración', 'Av. Winston Churchill', 'Calle Las Mercedes', 'Av. España', 'Calle Padre Billini', 'Calle Beller', 'Av. Libertad', 'Calle 16 de Agosto', 'Av. Circunvalación', 'Calle Principal', 'Calle Los Almendros', 'Calle Las Palmas', 'Av. Las Américas', 'Calle El Sol', 'Calle Del Carmen'];

/** [masculine, feminine] */
export const ADJECTIVES: readonly (readonly [string, string])[] = [
  ['Amplio', 'Amplia'], ['Moderno', 'Moderna'], ['Acogedor', 'Acogedora'], ['Hermoso', 'Hermosa'], ['Exclusivo', 'Exclusiva'],
  ['Luminoso', 'Luminosa'], ['Espectacular', 'Espectacular'], ['Cómodo', 'Cómoda'], ['Nuevo', 'Nueva'], ['Elegante', 'Elegante'],
];
/** How a title names each type: noun and whether it is feminine. */
export const TYPE_NOUNS: Record<Propiedad, readonly [string, boolean]> = {
  Casa: ['casa', true], Apartamento: ['apartamento', false], Villa: ['villa', true], Solar: ['solar', false],
  Terreno: ['terreno', false], Penthouse: ['penthouse', false], Finca: ['finca', true], Lofts: ['loft', false],
  Estudios: ['estudio', false], Oficina: ['oficina', true], Hotel: ['hotel', false], Townhouse: ['townhouse', false],
  Otro: ['propiedad', true], Naves: ['nave industrial', true], Locales: ['local comercial', false],
  Turistico: ['proyecto turístico', false], 'Estacion de Combustible': ['estación de combustible', true],
  Proyecto: ['apartamento en proyecto', false], Negocio: ['negocio', false], Edificio: ['edificio', false],
};
export const OPENINGS = [
  'Excelente oportunidad en una de las zonas más buscadas de {place}.',
  'Ubicado en un entorno tranquilo y seguro de {place}, cerca de colegios, supermercados y farmacias.',
  'Propiedad en perfecto estado, lista para mudarse, en {place}.',
  'A pocos minutos del centro de {place} y con fácil acceso a las vías principales.',
  'Ideal para familia o inversión, en {place}.',
];
export const CLOSINGS = [
  'Agende su visita hoy mismo.',
  'Precio negociable. Se aceptan financiamientos bancarios.',
  'Documentos al día, título definitivo.',
  'Llame o escriba para más información.',
  'No pierda esta oportunidad.',
];
export const EXTRAS = ['Área social con gazebo', 'Planta eléctrica full', 'Cisterna y bomba', 'Seguridad 24 horas', 'Ascensor', 'Cocina modular', 'Walk-in closet', 'Área de lavado', 'Terraza techada', 'Vista al mar', 'Gimnasio', 'Cuarto de servicio', 'Calentador de agua', 'Portón eléctrico'];
