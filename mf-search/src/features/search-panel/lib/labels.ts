import { FIELD_LABELS } from 'shared-contracts';

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
  masFiltros: 'Más filtros',
  menosFiltros: 'Menos filtros',
} as const;

export type FieldName = Exclude<keyof typeof LABELS, 'masFiltros' | 'menosFiltros'>;
export type PanelValues = Partial<Record<FieldName, string | number | null>>;

/** One labelled field of the panel (the label names the control for screen readers and tests). */
export function fieldId(name: FieldName): string {
  return `search-${name}`;
}
