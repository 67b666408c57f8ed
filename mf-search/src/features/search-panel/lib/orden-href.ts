import { ORDEN_DEFAULT, type Orden } from 'shared-contracts';

/**
 * The same search in another order (issue 42, the select beside the result count): every other
 * parameter kept as written, `page` dropped (page 1), `orden` left out for the default order.
 */
export function ordenHref(pathname: string, search: string, orden: Orden): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.delete('orden');
  if (orden !== ORDEN_DEFAULT) params.set('orden', orden);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}
