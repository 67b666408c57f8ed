/**
 * The contract check: does a remote's built manifest (mf-manifest.json) still give the shell what
 * it relies on? Every expose of REMOTES, shared singletons whose major version matches the
 * shell's, and every antd component the remote takes from the shell. Used by
 * `npm run remote -- check` before a version is published or activated.
 */
import { REMOTES, type RemoteName } from './remotes';
import { SHARED_MODULES } from './shared-modules';

/** Singletons the shell provides; a remote built against another major would break at load (shared-modules.js). */
export const SHARED_SINGLETONS = SHARED_MODULES.filter((m) => m.checked).map((m) => m.name);

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

/** antd is shared per component under this prefix and provided by the shell only (docs/decisions/0002-antd-sharing.md). */
export const ANTD_SHARE_PREFIX = 'antd/';

/**
 * Remotes declare antd with `import: false`: a component the shell does not provide has no
 * fallback, so the remote's page fails at run time. `consumed`: share keys the remote asks for;
 * `provided`: share keys the shell's build registers.
 */
export function checkAntdComponents(consumed: Iterable<string>, provided: ReadonlySet<string>): string[] {
  return [...new Set(consumed)]
    .filter((key) => key.startsWith(ANTD_SHARE_PREFIX) && !provided.has(key))
    .sort()
    .map((key) => `usa ${key}, que el shell no da: añádelo a shell/src/antd-provide.ts y despliega el shell antes que el remote`);
}
