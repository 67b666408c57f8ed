import { ANUNCIANTE_LABEL, ATTR_FIELD_LABELS, FIELD_LABELS } from 'shared-contracts';

export const LABELS = {
  place: 'Lugar',
  locality: 'Sector',
  region: 'Provincia',
  proposito: FIELD_LABELS.proposito,
  propiedad: FIELD_LABELS.propiedad,
  habitaciones: FIELD_LABELS.habitaciones,
  metrosMin: 'Metros mín.',
  metrosMax: 'Metros máx.',
  precioMin: 'Precio mín.',
  precioMax: 'Precio máx.',
  moneda: FIELD_LABELS.moneda,
  // issue 42
  banosMin: ATTR_FIELD_LABELS.banosMin,
  parqueosMin: ATTR_FIELD_LABELS.parqueosMin,
  amueblado: ATTR_FIELD_LABELS.amueblado,
  respaldo: ATTR_FIELD_LABELS.respaldo,
  ascensor: 'Con ascensor',
  piscina: 'Con piscina',
  seguridad24h: 'Con seguridad 24 horas',
  construccion: ATTR_FIELD_LABELS.construccion,
  entregaHasta: ATTR_FIELD_LABELS.entregaHasta,
  mantenimientoMax: ATTR_FIELD_LABELS.mantenimientoMax,
  // issue 46
  anunciante: ANUNCIANTE_LABEL,
  masFiltros: 'Más filtros',
  menosFiltros: 'Menos filtros',
} as const;

export type FieldName = Exclude<keyof typeof LABELS, 'masFiltros' | 'menosFiltros'>;
/** A field's value in the panel; the amenity checkboxes hold true (asked for) or nothing. */
export type PanelValues = Partial<Record<FieldName, string | number | boolean | null>>;

/** One labelled field of the panel (the label names the control for screen readers and tests). */
export function fieldId(name: FieldName): string {
  return `search-${name}`;
}
