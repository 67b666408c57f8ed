/**
 * The list view: the portal's card (mf_listing/AnuncioCard, loaded at run time) 4 per row on
 * desktop and one column below sm, with pagination (one sibling, one boundary page). Above it,
 * the result count: "≈ 253.000 anuncios" when the API estimated it; its last pages answer with
 * the exact count, so the pager then reaches every listing.
 */
import type { ReactNode } from 'react';
import { PAGE_SIZE, resultCountLabel, type Anuncio } from 'shared-contracts';
import { RemoteComponent } from 'web-runtime/remote';
import { Pager } from './pager';
import './results-grid.css';

export const CARD_UNAVAILABLE = 'No se pudo mostrar este anuncio.';
/** The card every listing is drawn with, from mf_listing. */
export const CARD_EXPOSE = 'mf_listing/AnuncioCard';

function CardPlaceholder() {
  return <div className="results-card-placeholder" aria-busy="true" />;
}

export interface ResultsGridProps {
  anuncios: Anuncio[];
  count: number;
  /** The API's flag: the count is an estimate (large results). */
  countEstimated?: boolean;
  currentPage: number;
  hrefFor(page: number): string;
  /** Beside the count: the order select (issue 42). */
  toolbar?: ReactNode;
  /** Issue 44, the list beside the map: the listing whose pin the pointer is on, drawn marked. */
  highlighted?: string | null;
  /** The pointer or the focus enters a card (its listing's id) or leaves it (null). */
  onHover?(id: string | null): void;
}

export function ResultsGrid({ anuncios, count, countEstimated = false, currentPage, hrefFor, toolbar, highlighted, onHover }: ResultsGridProps) {
  const hover = (id: string | null) => onHover && (() => onHover(id));
  return (
    <>
      <div className="results-bar">
        <p className="results-count" aria-live="polite" title={countEstimated ? 'Cifra aproximada' : undefined}>
          {resultCountLabel(count, countEstimated)}
        </p>
        {toolbar}
      </div>
      <ul className="results-grid" aria-label="Anuncios">
        {anuncios.map((anuncio, i) => (
          <li
            key={anuncio._id}
            className={highlighted === anuncio._id ? 'results-item-highlighted' : undefined}
            onMouseEnter={hover(anuncio._id)}
            onMouseLeave={hover(null)}
            onFocus={hover(anuncio._id)}
            onBlur={hover(null)}
          >
            {/* the first card's photo is the page's largest paint: fetched first, the rest lazily */}
            <RemoteComponent id={CARD_EXPOSE} props={{ anuncio, priority: i === 0 }} loading={<CardPlaceholder />} fallback={<p className="results-card-placeholder">{anuncio.title} — {CARD_UNAVAILABLE}</p>} />
          </li>
        ))}
      </ul>
      {count > PAGE_SIZE && (
        <nav aria-label="Paginación" className="results-pagination">
          <Pager current={currentPage} pages={Math.ceil(count / PAGE_SIZE)} hrefFor={hrefFor} />
        </nav>
      )}
    </>
  );
}
