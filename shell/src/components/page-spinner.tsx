export function PageSpinner() {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner__dot" aria-hidden="true" />
      <span className="sr-only">Cargando…</span>
    </div>
  );
}
