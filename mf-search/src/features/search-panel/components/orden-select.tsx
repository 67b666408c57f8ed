/**
 * The order of the results (issue 42), beside the result count: the five orders of
 * search-order.ts. Choosing one goes to the same search in that order, page 1 (ordenHref). The
 * home page's lazily loaded Select (lazy-select.tsx), so the first load does not pay for it.
 */
import { ORDEN_LABELS, ORDENES, isOrden, type Orden } from 'shared-contracts';
import { LazySelect } from './lazy-select';

export const ORDENAR_POR = 'Ordenar por';
const OPTIONS = ORDENES.map((value) => ({ value, label: ORDEN_LABELS[value] }));

export function OrdenSelect({ orden, onChange }: { orden: Orden; onChange(orden: Orden): void }) {
  return (
    <div className="results-orden">
      <label htmlFor="results-orden">{ORDENAR_POR}</label>
      <LazySelect id="results-orden" aria-label={ORDENAR_POR} options={OPTIONS} value={orden} onChange={(v) => isOrden(v) && onChange(v)} />
    </div>
  );
}
