/**
 * The shell's expectations of each remote: what it exposes, from the page manifest. The shell
 * loads `${remote}/${expose}`; the contract check compares this list with each remote's built manifest.
 */
import { exposesOf } from './page-manifest';
import { REMOTE_APPS, type RemoteName } from './web-apps';

export { COMPONENTS, PAGES, REMOTE_DIRS, exposesOf, pathPattern, type ExposedComponent, type PageEntry, type PageGuard, type PageId } from './page-manifest';
export { REMOTE_APPS, SHELL_APP, WEB_APPS, type RemoteApp, type RemoteDir, type RemoteName, type WebApp } from './web-apps';

export const REMOTE_NAMES: RemoteName[] = REMOTE_APPS.map((app) => app.name);

export const REMOTES = Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, { exposes: Object.keys(exposesOf(remote)) }])) as Record<RemoteName, { exposes: string[] }>;

/** Props every exposed page component accepts (none yet: pages read the store and the route). */
export type RemotePageProps = Record<string, never>;
