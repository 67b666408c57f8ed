/**
 * The shell's expectations of each remote: what it exposes, from the page manifest. The shell
 * loads `${remote}/${expose}`; the contract check compares this list with each remote's built manifest.
 */
import { REMOTE_DIRS, exposesOf, type RemoteName } from './page-manifest';

export { COMPONENTS, PAGES, REMOTE_DIRS, exposesOf, pathPattern, type ExposedComponent, type PageEntry, type PageGuard, type PageId, type RemoteName } from './page-manifest';

export const REMOTE_NAMES = Object.keys(REMOTE_DIRS) as RemoteName[];

export const REMOTES = Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, { exposes: Object.keys(exposesOf(remote)) }])) as Record<RemoteName, { exposes: string[] }>;

/** Props every exposed page component accepts (none yet: pages read the store and the route). */
export type RemotePageProps = Record<string, never>;
