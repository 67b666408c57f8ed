/**
 * Inicio › Venta › Apartamento › Santo Domingo › Piantini: links to the landing pages of the
 * listing's purpose, type and places (crawlable paths from each listing to its neighbours).
 */
import theme from 'antd/es/theme';
import { Link } from 'web-runtime/router';
import { PROPOSITO_FILTER, landingPath, type Anuncio } from 'shared-contracts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function breadcrumbLinks(a: Anuncio): { href: string; label: string }[] {
  const links = [{ href: '/', label: 'Inicio' }];
  if (!(PROPOSITO_FILTER as readonly string[]).includes(a.proposito)) return links;
  links.push({ href: landingPath({ proposito: a.proposito }), label: capital(a.proposito) });
  if (!a.propiedad) return links;
  links.push({ href: landingPath({ proposito: a.proposito, propiedad: a.propiedad }), label: a.propiedad });
  for (const lugar of [a.region, a.locality || a.place]) {
    if (lugar) links.push({ href: landingPath({ proposito: a.proposito, propiedad: a.propiedad, lugar }), label: lugar });
  }
  return links;
}

export function Breadcrumb({ anuncio }: { anuncio: Anuncio }) {
  const links = breadcrumbLinks(anuncio);
  // the theme's link colour: 4.5:1 contrast in the light and the dark scheme
  const { token } = theme.useToken();
  return (
    <nav aria-label="Ruta" className="anuncio-breadcrumb">
      <ol>
        {links.map((l, i) => (
          <li key={l.href + i}>
            <Link to={l.href} style={{ color: token.colorLink }}>
              {l.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
