/** The generic fallback for an unhandled route error (SPEC §2): title, message and stack. */
import { useRouteError, isRouteErrorResponse } from 'react-router-dom';
import { MSG } from 'shared-contracts';

export function ErrorScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <main className="error-screen">
      <h2>{MSG.unexpectedError}</h2>
      <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
      {stack && <pre>{stack}</pre>}
      <a href="/">Ir al inicio</a>
    </main>
  );
}
