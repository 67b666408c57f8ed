/**
 * Runtime remote loading. The registry (remote name -> remoteEntry URL) is fetched at start-up,
 * so a team ships or rolls back its remote by changing one registry entry: no shell rebuild.
 * A load is bounded by a timeout; a retry re-registers the remote (force) so a remote that came
 * back is fetched again without a full page reload.
 */
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemoteRegistry } from 'shared-contracts';

export const REMOTE_LOAD_TIMEOUT_MS = 15_000;

let registry: RemoteRegistry = {};

export function registerRemoteRegistry(next: RemoteRegistry): void {
  registry = next;
  registerRemotes(
    Object.entries(next).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

/** Forget a failed load so the next attempt fetches the remote entry again. */
export function resetRemote(name: RemoteName): void {
  const entry = registry[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

export async function loadRemoteModule<T>(name: RemoteName, expose: string, timeoutMs = REMOTE_LOAD_TIMEOUT_MS): Promise<T> {
  if (!registry[name]) throw new Error(`Remote ${name} no está en el registro`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Remote ${name} no respondió a tiempo`)), timeoutMs);
  });
  try {
    const mod = await Promise.race([loadRemote<T>(`${name}/${expose.replace(/^\.\//, '')}`), timeout]);
    if (!mod) throw new Error(`Remote ${name} no expone ${expose}`);
    return mod;
  } finally {
    clearTimeout(timer);
  }
}

/** For remotes rendering each other's exposes ('mf_listing/AnuncioCard'), through the shell's instance. */
export function loadRemoteById(id: string): Promise<unknown> {
  const [name, ...rest] = id.split('/');
  return loadRemoteModule(name as RemoteName, `./${rest.join('/')}`);
}
