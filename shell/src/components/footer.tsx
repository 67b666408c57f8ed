/** Footer: contact email from the runtime config, the 2024 copyright, data credits, colour scheme. */
import { COLOR_SCHEMES, COPYRIGHT_YEAR, DATA_ATTRIBUTION, type ColorScheme } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

const SCHEME_LABELS: Record<ColorScheme, string> = { auto: 'Automático', dark: 'Oscuro', light: 'Claro' };

export function Footer() {
  const email = usePortalStore((s) => s.config?.contactEmail ?? '');
  const scheme = usePortalStore((s) => s.colorScheme);
  return (
    <footer className="app-footer">
      <p>
        Contacto: <a href={`mailto:${email}`}>{email}</a>
      </p>
      <p>© {COPYRIGHT_YEAR} InmueblesRD. Todos los derechos reservados.</p>
      <label className="app-footer__scheme">
        Tema{' '}
        <select value={scheme} onChange={(e) => usePortalStore.getState().setColorScheme(e.target.value as ColorScheme)}>
          {COLOR_SCHEMES.map((s) => (
            <option key={s} value={s}>{SCHEME_LABELS[s]}</option>
          ))}
        </select>
      </label>
      <p className="app-footer__credits">{DATA_ATTRIBUTION} Mapas © colaboradores de OpenStreetMap.</p>
    </footer>
  );
}
