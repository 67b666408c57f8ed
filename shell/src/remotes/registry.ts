/**
 * Runtime remote loading. The registry (remote name -> remoteEntry URL) is fetched at start-up,
 * so a team ships or rolls back its remote by changing one registry entry: no shell rebuild.
 * A load is bounded by a timeout (runtime config `remoteTimeoutMs`, env REMOTE_TIMEOUT_MS on the
 * site server); a retry re-registers the remote (force) so a remote that came back is fetched
 * again without a full page reload.
 */
import { registerRemotes, loadRemote, getInstance } from '@module-federation/enhanced/runtime';
import { DEFAULT_REMOTE_TIMEOUT_MS, type RemoteName, type RemoteRegistry } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

let timeoutOverride: number | null = null;
/** The server renderer waits less for a remote than a browser does (SSR_REMOTE_TIMEOUT_MS). */
export function setRemoteTimeoutOverride(ms: number): void {
  timeoutOverride = ms;
}
const configuredTimeout = () => timeoutOverride ?? usePortalStore.getState().config?.remoteTimeoutMs ?? DEFAULT_REMOTE_TIMEOUT_MS;

let registry: RemoteRegistry = {};
/** Modules already loaded, by 'remote/expose' (peekRemoteById); dropped when their remote is registered again. */
const loaded = new Map<string, unknown>();
/** Bumped by every (re-)registration: a load started before one does not fill `loaded`. */
let generation = 0;
const moduleId = (name: string, expose: string) => `${name}/${expose.replace(/^\.\//, '')}`;

export function registerRemoteRegistry(next: RemoteRegistry): void {
  registry = next;
  loaded.clear();
  generation++;
  registerRemotes(
    Object.entries(next).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

/**
 * Forget a failed load so the next attempt fetches the remote's code again.
 * - Re-registering (force) makes the runtime fetch remoteEntry.js again. It also drops from the
 *   share scope every shared module the remote was the first to load, the shell's lazily provided
 *   antd components included (antd-provide.ts): after a remote that loaded late or threw, the
 *   next load would miss them ("Can not get 'antd/es/…'"). They are still the shell's: whatever
 *   the re-registration removed is put back.
 * - The chunks a remote already loaded stay in its webpack chunk global (`webpackChunk<uniqueName>`,
 *   uniqueName = the federation name in webpack.base.js); a new entry would take them from there
 *   instead of fetching them, so a page that threw would throw again. It is cleared.
 */
export function resetRemote(name: RemoteName): void {
  const entry = registry[name];
  if (!entry) return;
  for (const id of [...loaded.keys()]) if (id.startsWith(`${name}/`)) loaded.delete(id);
  generation++;
  delete (globalThis as Record<string, unknown>)[`webpackChunk${name}`];
  keepingSharedModules(() => registerRemotes([{ name, entry }], { force: true }));
}

/**
 * Registers again every remote of `next` (the server renderer, after a publish or rollback): what
 * the re-registration drops from the share scope is put back, as in resetRemote.
 */
export function reregisterRemoteRegistry(next: RemoteRegistry): void {
  keepingSharedModules(() => registerRemoteRegistry(next));
}

function keepingSharedModules(register: () => void): void {
  const scopes = getInstance()?.shareScopeMap ?? {};
  const before = Object.entries(scopes).flatMap(([scope, pkgs]) =>
    Object.entries(pkgs).flatMap(([pkg, versions]) => Object.entries(versions).map(([version, shared]) => ({ scope, pkg, version, shared }))),
  );
  register();
  const after = getInstance()?.shareScopeMap ?? {};
  for (const { scope, pkg, version, shared } of before) {
    const versions = ((after[scope] ??= {})[pkg] ??= {});
    versions[version] ??= shared;
  }
}

export async function loadRemoteModule<T>(name: RemoteName, expose: string, timeoutMs = configuredTimeout()): Promise<T> {
  if (!registry[name]) throw new Error(`Remote ${name} no está en el registro`);
  const startedIn = generation;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Remote ${name} no respondió a tiempo`)), timeoutMs);
  });
  try {
    const mod = await Promise.race([loadRemote<T>(moduleId(name, expose)), timeout]);
    if (!mod) throw new Error(`Remote ${name} no expone ${expose}`);
    if (startedIn === generation) loaded.set(moduleId(name, expose), mod);
    return mod;
  } finally {
    clearTimeout(timer);
  }
}

/** The module of 'remote/expose' if it is loaded already (the store's peekRemote). */
export function peekRemoteById(id: string): unknown {
  return loaded.get(id);
}

/**
 * Loads the modules a server-rendered page was drawn with ('mf_search/HomePage',
 * 'mf_listing/AnuncioCard') before hydrating, so that hydration finds every component's code
 * and no Suspense boundary waits: a boundary still waiting when the page updates (the session
 * or favourites restored) would drop the server's HTML for its loading fallback, and the list
 * would jump. Waits at most `maxWaitMs`; a remote that fails is left to its boundary.
 */
export async function preloadRemotes(ids: readonly string[], maxWaitMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(ids.map((id) => loadRemoteById(id))),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs))),
  ]);
  clearTimeout(timer);
}

/** For remotes rendering each other's exposes ('mf_listing/AnuncioCard'), through the shell's instance. */
export function loadRemoteById(id: string): Promise<unknown> {
  const [name, ...rest] = id.split('/');
  return loadRemoteModule(name as RemoteName, `./${rest.join('/')}`);
}
