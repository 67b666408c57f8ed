/**
 * The home search panel (SPEC §2 Home). Submitting goes to the search's address without empty
 * values (page 1); when the filters are emptied (the logo) every field resets. The extra block starts
 * collapsed so that on a phone the results begin near the top, and its code loads when first
 * opened. Plain state instead of antd's Form: the form machinery cost 30 KB gzip on the first page;
 * the selects load antd's Select when first pressed (lazy-select.tsx).
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'antd/es/button';
import { MSG, PROPIEDAD_FILTER, PROPOSITO_FILTER, PROPOSITO_LABELS, type Filters } from 'shared-contracts';
import { LABELS, fieldId, type FieldName, type PanelValues } from '../lib/labels';
import { LazySelect, preloadSelect } from './lazy-select';
import './search-panel.css';

export { LABELS } from '../lib/labels';

const ExtraFilters = lazy(() => import('./extra-filters'));
// the rules shared with the API (zod) load when the user searches, not with the page
const loadToFilters = () => import('../lib/to-filters');

export interface SearchOptions {
  placeOptions: string[];
  regionOptions: string[];
  localityOptions: string[];
}

const toOptions = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
const searchable = { showSearch: true, allowClear: true, optionFilterProp: 'label' } as const;

export interface SearchPanelProps {
  options: SearchOptions;
  /** The search on screen (from the address). */
  filters: Filters;
  /** Buscar: the filters without empty values; the page goes to their address, page 1. */
  onSearch(filters: Filters): void;
}

export function SearchPanel({ options, filters, onSearch }: SearchPanelProps) {
  const [values, setValues] = useState<PanelValues>(filters);
  const [open, setOpen] = useState(false);
  const [extraLoaded, setExtraLoaded] = useState(false);

  // the address is the truth: an emptied filter set (logo) resets every field
  const filtersKey = JSON.stringify(filters);
  useEffect(() => setValues(JSON.parse(filtersKey) as PanelValues), [filtersKey]);
  // The submit rules (zod, 72 KB gzip with the phone rules beside them in the shared schemas) and
  // the Select (28 KB) are fetched when the user reaches for the panel (a pointer over it, a tap,
  // keyboard focus), not a few seconds after load: fetched then, they were evaluated while the
  // page was still becoming interactive on a phone, in the first seconds where a tap waits
  // (issue 43). A tap's pointerover comes before its press, so the fetch starts ahead of it.
  const reached = useRef(false);
  const reach = () => {
    if (reached.current) return;
    reached.current = true;
    preloadSelect();
    void loadToFilters();
  };

  const set = (name: FieldName, value: unknown) => setValues((v) => ({ ...v, [name]: value as PanelValues[FieldName] }));
  const select = (name: FieldName, opts: { value: string; label: string }[], extra: object = searchable) => (
    <div className="search-field">
      <label htmlFor={fieldId(name)}>{LABELS[name]}</label>
      <LazySelect {...extra} id={fieldId(name)} aria-label={LABELS[name]} options={opts} value={(values[name] as string | null | undefined) ?? undefined} onChange={(v) => set(name, v)} />
    </div>
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // an untouched panel holds the address's search, already read by the rules: nothing to wait for
    if (JSON.stringify(values) === filtersKey) return onSearch(filters);
    const { toFilters } = await loadToFilters();
    onSearch(toFilters(values));
  };

  return (
    <form className="search-panel" onSubmit={submit} role="search" onPointerOver={reach} onFocus={reach}>
      <div className="search-panel-grid">
        {select('place', toOptions(options.placeOptions))}
        {select('locality', toOptions(options.localityOptions))}
        {select('region', toOptions(options.regionOptions))}
        {select('proposito', PROPOSITO_FILTER.map((p) => ({ value: p, label: PROPOSITO_LABELS[p] })), { allowClear: true })}
        {select('propiedad', toOptions(PROPIEDAD_FILTER))}
      </div>
      {/* hidden, not unmounted: collapsed fields keep their values */}
      <div className="search-panel-grid" id="search-panel-extra" hidden={!open}>
        {extraLoaded && (
          <Suspense fallback={<div aria-busy="true" className="search-panel-extra-loading" />}>
            <ExtraFilters values={values} onChange={set} />
          </Suspense>
        )}
      </div>
      <div className="search-panel-actions">
        <Button type="primary" htmlType="submit">
          {MSG.buscar}
        </Button>
        <Button
          type="link"
          aria-expanded={open}
          aria-controls="search-panel-extra"
          onClick={() => {
            setExtraLoaded(true);
            setOpen((o) => !o);
          }}
        >
          {open ? LABELS.menosFiltros : LABELS.masFiltros}
        </Button>
      </div>
    </form>
  );
}
