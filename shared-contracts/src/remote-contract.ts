/**
 * The contract check: does a remote's built manifest (mf-manifest.json) still give the shell what
 * it relies on? Every expose of REMOTES, and shared singletons whose major version matches the
 * shell's. Used by `npm run remote -- check` before a version is published or activated.
 */
import { REMOTES, type RemoteName } from './remotes';

/** Singletons the shell provides; a remote built against another major would break at load. */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'zustand', 'shared-contracts', 'shared-contracts/store'] as const;

export interface RemoteManifest {
  name: string;
  exposes: { name: string; path?: string }[];
  shared: { name: string; version?: string; requiredVersion?: string }[];
}

const major = (v: string | undefined) => /(\d+)/.exec(v ?? '')?.[1] ?? null;

export function checkRemoteManifest(remote: RemoteName, manifest: RemoteManifest, hostVersions: Record<string, string>): string[] {
  const problems: string[] = [];
  if (manifest.name !== remote) problems.push(`el manifiesto es de "${manifest.name}", se esperaba "${remote}"`);
  const exposed = new Set(manifest.exposes.map((e) => `./${e.name.replace(/^\.\//, '')}`));
  for (const expose of REMOTES[remote].exposes) {
    if (!exposed.has(expose)) problems.push(`falta el expose ${expose} que usa el shell`);
  }
  for (const name of SHARED_SINGLETONS) {
    const shared = manifest.shared.find((s) => s.name === name);
    const host = hostVersions[name];
    if (!shared) {
      problems.push(`no comparte ${name} (el shell lo comparte como singleton)`);
      continue;
    }
    const remoteMajor = major(shared.requiredVersion ?? shared.version);
    if (host && remoteMajor !== major(host)) {
      problems.push(`${name}: el remote pide ${shared.requiredVersion ?? shared.version}, el shell da ${host} (otra versión mayor)`);
    }
  }
  return problems;
}
