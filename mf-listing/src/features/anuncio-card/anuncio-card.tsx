import type { Anuncio } from 'shared-contracts';

export interface AnuncioCardProps {
  anuncio: Anuncio;
  onDelete?: (id: string) => void;
}

/** Placeholder until the mf-listing issue fills it. */
export function AnuncioCard({ anuncio }: AnuncioCardProps) {
  return <article>{anuncio.title}</article>;
}
