/**
 * The home page's pagination (SPEC §2: one sibling, one boundary page), drawn with the theme's
 * tokens. antd's Pagination brings rc-pagination and the Select of its size changer to every
 * first visit (decision 0004); the list needs only pages, gaps and previous/next. Pages are links
 * to the search's URL, so home -> page 2 works without JavaScript.
 */
import type { CSSProperties } from 'react';
import theme from 'antd/es/theme';
import { Link } from 'web-runtime/router';

export type PageItem = number | 'start-gap' | 'end-gap';

const range = (from: number, to: number) => (to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i));

/**
 * The pages shown for `page` of `count` with `siblings` each side of it and `boundaries` at each
 * end. The row keeps the same number of slots wherever the current page is, and a gap of a
 * single page shows that page instead of an ellipsis.
 */
export function pageItems(page: number, count: number, siblings = 1, boundaries = 1): PageItem[] {
  const start = range(1, Math.min(boundaries, count));
  const end = range(Math.max(count - boundaries + 1, boundaries + 1), count);
  const siblingsStart = Math.max(Math.min(page - siblings, count - boundaries - siblings * 2 - 1), boundaries + 2);
  const siblingsEnd = Math.min(Math.max(page + siblings, boundaries + siblings * 2 + 2), end.length > 0 ? end[0] - 2 : count - 1);
  const items: PageItem[] = [...start];
  if (siblingsStart > boundaries + 2) items.push('start-gap');
  else if (boundaries + 1 < count - boundaries) items.push(boundaries + 1);
  items.push(...range(siblingsStart, siblingsEnd));
  if (siblingsEnd < count - boundaries - 1) items.push('end-gap');
  else if (count - boundaries > boundaries) items.push(count - boundaries);
  items.push(...end);
  return items;
}

export interface PagerProps {
  /** 1-based. */
  current: number;
  pages: number;
  /** The address of a page: pages are links (they work without JavaScript and can be shared). */
  hrefFor(page: number): string;
}

export function Pager({ current, pages, hrefFor }: PagerProps) {
  const { token } = theme.useToken();
  // the tokens as CSS variables: hover and focus rules live in results-grid.css
  const vars = {
    '--pager-size': `${token.controlHeight}px`,
    '--pager-radius': `${token.borderRadius}px`,
    '--pager-text': token.colorText,
    '--pager-muted': token.colorTextDisabled,
    '--pager-hover': token.colorBgTextHover,
    '--pager-primary': token.colorPrimary,
    // the link colour is the one tuned for text contrast in both schemes (theme-provider.tsx)
    '--pager-current': token.colorLink,
    '--pager-bg': token.colorBgContainer,
    '--pager-focus': token.colorPrimaryBorder,
  } as CSSProperties;
  const step = (page: number, label: string, glyph: string) =>
    page >= 1 && page <= pages ? (
      <Link className="pager-step" aria-label={label} to={hrefFor(page)}>
        {glyph}
      </Link>
    ) : (
      <span className="pager-step" aria-label={label} aria-disabled="true" role="link">
        {glyph}
      </span>
    );
  return (
    <ul className="pager" style={vars}>
      <li>{step(current - 1, 'Página anterior', '‹')}</li>
      {pageItems(current, pages).map((item) =>
        typeof item === 'number' ? (
          <li key={item}>
            <Link
              to={hrefFor(item)}
              className={item === current ? 'pager-page pager-page-current' : 'pager-page'}
              aria-label={`Página ${item}`}
              aria-current={item === current ? 'page' : undefined}
            >
              {item}
            </Link>
          </li>
        ) : (
          <li key={item} className="pager-gap" aria-hidden="true">
            …
          </li>
        ),
      )}
      <li>{step(current + 1, 'Página siguiente', '›')}</li>
    </ul>
  );
}
