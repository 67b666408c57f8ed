import type { Anuncio } from 'shared-contracts';

export interface AnuncioDetailProps {
  anuncio: Anuncio;
  onDelete?: (id: string) => void;
}

/** Placeholder until the mf-listing issue fills it. */
export function AnuncioDetail({ anuncio }: AnuncioDetailProps) {
  return <article>{anuncio.title}</article>;
}
