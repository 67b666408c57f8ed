/**
 * antd's Select, loaded when the user first reaches for it. Until then the field is a read-only
 * box drawn with the theme's tokens at the Select's size, showing the chosen label or the
 * placeholder: the five selects of the home page would otherwise bring rc-select, its virtual
 * list and popup machinery (about 40 KB gzip) and their first render to every first visit
 * (decision 0004). A press, a key or a tap loads it and opens it where the box was; focusing the
 * box by keyboard loads it focused, closed. (A tap on a phone arrives as a press too.) The page prefetches it when idle (`preloadSelect`).
 */
import { lazy, Suspense, useState, type CSSProperties, type KeyboardEvent } from 'react';
import theme from 'antd/es/theme';
import type { SelectProps } from 'antd/es/select';

let loaded = false;
const loadSelect = () =>
  import('antd/es/select').then((m) => {
    loaded = true;
    return m;
  });
const AntSelect = lazy(loadSelect);

/** Fetches the Select once the page has settled, so a first press rarely waits for it. */
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

/** What brought the real Select in: a press (mouse or tap), a key, or keyboard focus. */
type Wake = 'press' | 'key' | 'focus';

export function LazySelect(props: LazySelectProps) {
  // mounted after the Select arrived: the real one at once, left alone (no focus, closed)
  const [startedLoaded] = useState(loaded);
  const [woken, setWoken] = useState<Wake | null>(startedLoaded ? 'focus' : null);
  // open after a press or a key (the press reaches us after its event has finished: see
  // SelectBox); keyboard focus brings it in closed
  const [openAtMount, setOpenAtMount] = useState(false);
  const wake = (how: Wake) => {
    if (woken) return;
    setWoken(how);
    setOpenAtMount(how === 'key' || how === 'press');
  };
  const box = <SelectBox {...props} busy={woken !== null} onWake={wake} />;
  if (woken === null) return box;
  const { onChange, ...rest } = props;
  return (
    <Suspense fallback={box}>
      <AntSelect
        {...(rest as SelectProps)}
        onChange={(v: unknown) => onChange((v as string | null | undefined) ?? undefined)}
        defaultOpen={openAtMount}
        autoFocus={!startedLoaded}
        style={{ width: '100%' }}
      />
    </Suspense>
  );
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

function SelectBox({ id, options, value, busy, onWake, ...rest }: LazySelectProps & { busy: boolean; onWake(how: Wake): void }) {
  const { token } = theme.useToken();
  const label = options.find((o) => o.value === value)?.label;
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
        readOnly
        value={label ?? ''}
        onFocus={() => onWake('focus')}
        onKeyDown={(e: KeyboardEvent) => {
          if (OPEN_KEYS.has(e.key) || e.key.length === 1) onWake('key');
        }}
        style={{ flex: 1, minWidth: 0, border: 0, padding: 0, outline: 'none', background: 'transparent', color: token.colorText, font: 'inherit', fontSize: token.fontSize, cursor: 'inherit' }}
      />
      <svg aria-hidden="true" viewBox="64 64 896 896" width="12" height="12" fill={token.colorTextQuaternary}>
        <path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.9L512 654.2 227.9 262.9c-3-4.4-7.8-6.9-12.9-6.9h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
      </svg>
    </div>
  );
}
