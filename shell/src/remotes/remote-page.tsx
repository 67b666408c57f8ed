/**
 * Renders one exposed page of a remote. Failure stays inside the page area: a remote that is
 * down, too slow or throwing shows the Spanish fallback with "Reintentar"; header, drawer, footer
 * and the other remotes keep working.
 */
import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { MSG, type RemoteName } from 'shared-contracts';
import { loadRemoteModule, peekRemoteById, resetRemote } from './registry';
import { PageSpinner } from '../components/page-spinner';

interface BoundaryProps {
  remote: RemoteName;
  onRetry(): void;
  children: ReactNode;
}

class RemoteBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    console.warn(`[shell] remote ${this.props.remote} failed:`, error.message);
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="remote-fallback" role="alert" data-remote={this.props.remote}>
        <h2>{MSG.remoteUnavailable}</h2>
        <p>Puedes seguir usando el resto del portal mientras tanto.</p>
        <button type="button" className="btn btn-primary" onClick={this.props.onRetry}>
          {MSG.reintentar}
        </button>
      </section>
    );
  }
}

type PageModule = { default: ComponentType };

export function RemotePage({ remote, expose }: { remote: RemoteName; expose: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(() => {
    // loaded already (before hydrating, or an earlier visit): drawn at once, nothing suspends
    const ready = attempt === 0 ? (peekRemoteById(`${remote}/${expose.replace(/^\.\//, '')}`) as PageModule | undefined) : undefined;
    if (ready?.default) return ready.default;
    return lazy(async () => {
      if (attempt > 0) resetRemote(remote);
      return loadRemoteModule<PageModule>(remote, expose);
    });
  }, [remote, expose, attempt]);
  return (
    <RemoteBoundary key={attempt} remote={remote} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
