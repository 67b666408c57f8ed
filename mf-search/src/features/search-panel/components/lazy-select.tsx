/**
 * antd's Select, loaded when the user first reaches for it. Until then the field is a read-only
 * box drawn with the theme's tokens at the Select's size, showing the chosen label or the
 * placeholder: the five selects of the home page would otherwise bring rc-select, its virtual
 * list and popup machinery (about 40 KB gzip) and their first render to every first visit
 * (decision 0004). A press, a key or a tap loads it and opens it where the box was; focusing the
 * box by keyboard loads it focused, closed. (A tap on a phone arrives as a press too.) The panel prefetches it when the user reaches for it (`preloadSelect`).
 * What is typed into a searchable field while the Select loads is kept and becomes its search
 * text, the list open on it (issue 39: those first keystrokes were lost).
 */
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import theme from 'antd/es/theme';
import type { SelectProps } from 'antd/es/select';

type AntSelect = (typeof import('antd/es/select'))['default'];
/** The Select once its code has arrived (one fetch for every field of the page). */
let arrived: AntSelect | null = null;
const loadSelect = () => import('antd/es/select').then((m) => (arrived = m.default));

/** Fetches the Select ahead of a first press (the panel calls it when a pointer or focus reaches it). */
export function preloadSelect(): void {
  loadSelect().catch(() => undefined); // a failed prefetch is retried by the first press
}

export interface LazySelectProps {
  id: string;
  'aria-label': string;
  options: { value: string; label: string }[];
  value: string | undefined;
  onChange(value: string | undefined): void;
  showSearch?: boolean;
  allowClear?: boolean;
  optionFilterProp?: string;
}

const isCharacter = (e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) => e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;

/** What brought the real Select in: a press (mouse or tap), a key, or keyboard focus. */
type Wake = 'press' | 'key' | 'focus';

export function LazySelect(props: LazySelectProps) {
  // mounted after the Select arrived: the real one at once, left alone (no focus, closed)
  const [startedLoaded] = useState(arrived !== null);
  const [woken, setWoken] = useState<Wake | null>(startedLoaded ? 'focus' : null);
  const [Select, setSelect] = useState<AntSelect | null>(arrived);
  // open after a press or a key (the press reaches us after its event has finished: see
  // SelectBox); keyboard focus brings it in closed
  const [openAtMount, setOpenAtMount] = useState(false);
  // the search text: typed into the box while the Select loads, then the Select's own
  const [search, setSearch] = useState<string | null>(null);
  const wake = (how: Wake) => {
    if (woken) return;
    setWoken(how);
    setOpenAtMount(how === 'key' || how === 'press');
  };
  // The box stays mounted (and focused) until the Select is here: no Suspense fallback, which
  // would mount a second box and drop the focus and the keys typed into it.
  useEffect(() => {
    if (!woken || Select) return;
    let current = true;
    loadSelect().then(
      (loadedSelect) => current && setSelect(() => loadedSelect),
      () => current && setWoken(null), // the next press tries again
    );
    return () => {
      current = false;
    };
  }, [woken, Select]);

  // After a press the box is kept unfocused (see SelectBox), so keys typed before the Select
  // arrives reach the page, not the box: a searchable field takes them from there meanwhile.
  useEffect(() => {
    if (woken !== 'press' || Select || !props.showSearch) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      const nowhere = document.activeElement === null || document.activeElement === document.body;
      if (!nowhere) return;
      if (isCharacter(e)) setSearch((text) => (text ?? '') + e.key);
      else if (e.key === 'Backspace') setSearch((text) => (text ?? '').slice(0, -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [woken, Select, props.showSearch]);

  // rc-select empties its search while mounting (its list is kept closed for the first render,
  // for server rendering); listening from the commit after, the text typed before stays
  const listening = useRef(false);
  const showing = !!woken && !!Select;
  useEffect(() => {
    listening.current = showing;
  }, [showing]);

  if (!woken || !Select) return <SelectBox {...props} busy={woken !== null} onWake={wake} typed={props.showSearch ? search : undefined} onType={setSearch} />;
  const { onChange, ...rest } = props;
  // searchable: the search text is held here, so what was typed before the Select came is kept
  const searchProps = props.showSearch ? { searchValue: search ?? '', onSearch: (text: string) => listening.current && setSearch(text) } : {};
  return (
    <Select
      {...(rest as SelectProps)}
      {...searchProps}
      onChange={(v: unknown) => onChange((v as string | null | undefined) ?? undefined)}
      defaultOpen={openAtMount || !!search}
      autoFocus={!startedLoaded}
      style={{ width: '100%' }}
    />
  );
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

interface SelectBoxProps extends LazySelectProps {
  busy: boolean;
  onWake(how: Wake): void;
  /** Searchable fields: the text typed so far (null: none yet, the chosen label shows). */
  typed?: string | null;
  onType(text: string): void;
}


function SelectBox({ id, options, value, busy, onWake, typed, onType, ...rest }: SelectBoxProps) {
  const { token } = theme.useToken();
  const label = options.find((o) => o.value === value)?.label;
  const searchable = typed !== undefined;
  const style: CSSProperties = {
    display: 'flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    height: token.controlHeight,
    padding: `0 ${token.paddingSM - 1}px`,
    border: `${token.lineWidth}px solid ${token.colorBorder}`,
    borderRadius: token.borderRadius,
    background: token.colorBgContainer,
    cursor: busy ? 'progress' : 'pointer',
  };
  return (
    <div
      className="lazy-select"
      style={style}
      onMouseDown={(e) => {
        // keep the browser from moving focus to this box as it is replaced: the Select that takes
        // its place focuses itself, and a focus lost to the removed box would close it again
        e.preventDefault();
        // after this event has finished travelling: the Select listens for presses outside
        // itself, and would take this one (whose target is the box) for one
        window.setTimeout(() => onWake('press'), 0);
      }}
    >
      <input
        id={id}
        role="combobox"
        aria-label={rest['aria-label']}
        aria-expanded={false}
        aria-haspopup="listbox"
        aria-busy={busy || undefined}
        // editable once typing has begun in a searchable field: the rest of the word goes in as typed
        readOnly={!(searchable && typed !== null)}
        value={typed ?? label ?? ''}
        onFocus={() => onWake('focus')}
        onKeyDown={(e: KeyboardEvent) => {
          if (OPEN_KEYS.has(e.key) || e.key.length === 1) onWake('key');
          // the first character replaces the chosen label, as in the Select itself
          if (searchable && typed === null && isCharacter(e)) {
            e.preventDefault();
            onType(e.key);
          }
        }}
        onChange={(e) => onType(e.target.value)}
        style={{ flex: 1, minWidth: 0, border: 0, padding: 0, outline: 'none', background: 'transparent', color: token.colorText, font: 'inherit', fontSize: token.fontSize, cursor: 'inherit' }}
      />
      <svg aria-hidden="true" viewBox="64 64 896 896" width="12" height="12" fill={token.colorTextQuaternary}>
        <path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.9L512 654.2 227.9 262.9c-3-4.4-7.8-6.9-12.9-6.9h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
      </svg>
    </div>
  );
}
