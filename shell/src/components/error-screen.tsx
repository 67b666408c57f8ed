/** The generic fallback for an unhandled route error (SPEC §2): title, message and stack. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MSG } from 'shared-contracts';

export function ErrorScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
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

interface BoundaryProps {
  /** A new key (the next address) clears the error. */
  resetKey: string;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  key: string;
}

export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Error desconocido') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Error no controlado en la página', error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
