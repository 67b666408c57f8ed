import { landingTitle } from 'shared-contracts';
import type { SearchPageData } from '../api/get-search-page';

/** The landing page's heading and title ('Apartamentos en venta en Piantini'). */
export function landingHeading(data: SearchPageData): string {
  const l = data.landing;
  return l ? landingTitle(l.proposito, l.propiedad, l.lugarNombre, l.atributo) : '';
}
