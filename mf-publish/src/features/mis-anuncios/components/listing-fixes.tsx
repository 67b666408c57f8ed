/**
 * Under one of my listings (issue 39): what it lacks by today's rules (a price of 0, no title…),
 * as the API lists it in `porCorregir`, and a link to fix it in the edit form. Listings stored
 * before the rules are never changed for their owner; this is how the owner hears of them.
 */
import { Link } from 'web-runtime/router';
import { MSG, editarAnuncioPath, type MiAnuncio } from 'shared-contracts';

// Dark amber on pale amber: over 7:1 contrast, in light and dark page themes alike (its own background).
const BOX = { background: '#fffbe6', border: '1px solid #ffe58f', borderRadius: 6, color: '#614700', padding: '6px 10px', margin: '8px 0 0', fontSize: 13 } as const;

export function ListingFixes({ anuncio }: { anuncio: MiAnuncio }) {
  const fixes = anuncio.porCorregir ?? [];
  if (!fixes.length) return null;
  const name = anuncio.title || anuncio.propiedad;
  return (
    <section aria-label={`Por corregir: ${name}`} style={BOX}>
      <strong>{MSG.corregirAnuncio}</strong>
      <ul style={{ margin: '2px 0 4px', paddingLeft: 18 }}>
        {fixes.map((fix) => (
          <li key={fix}>{fix}</li>
        ))}
      </ul>
      {anuncio.estado !== 'retirado' && (
        <Link to={editarAnuncioPath(anuncio._id)} aria-label={`${MSG.corregirAhora}: ${name}`} style={{ color: '#614700', fontWeight: 600, textDecoration: 'underline' }}>
          {MSG.corregirAhora}
        </Link>
      )}
    </section>
  );
}
