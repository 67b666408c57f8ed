/**
 * Renders one exposed page of a remote, through the one remote boundary (web-runtime/remote).
 * Failure stays inside the page area: a remote that is down, too slow or throwing shows the
 * Spanish fallback with "Reintentar" (which fetches the remote's code again); header, drawer,
 * footer and the other remotes keep working.
 */
import { MSG, type RemoteName } from 'shared-contracts';
import { RemoteComponent } from 'web-runtime/remote';
import { resetRemote } from './registry';
import { PageSpinner } from '../components/page-spinner';

const NO_PROPS = {};

export function RemotePage({ remote, expose }: { remote: RemoteName; expose: string }) {
  return (
    <RemoteComponent
      id={`${remote}/${expose.replace(/^\.\//, '')}`}
      props={NO_PROPS}
      loading={<PageSpinner />}
      beforeRetry={() => resetRemote(remote)}
      fallback={(retry) => (
        <section className="remote-fallback" role="alert" data-remote={remote}>
          <h2>{MSG.remoteUnavailable}</h2>
          <p>Puedes seguir usando el resto del portal mientras tanto.</p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            {MSG.reintentar}
          </button>
        </section>
      )}
    />
  );
}
