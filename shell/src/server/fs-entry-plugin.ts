/**
 * Federation runtime plugin (server only): a remote registered with a file path as its entry
 * (the registry's server build, e.g. $DATA_DIR/remotes/mf-search/<version>/server/remoteEntry.js)
 * is loaded with Node's require: its build is `library: commonjs-module`, and the
 * @module-federation/node runtime plugin then reads its chunks from the same folder. A path
 * loaded again after a registry change is read afresh (a local rebuild at the same path).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare const __non_webpack_require__: NodeJS.Require;

export function fsEntryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-fs-entry',
    loadEntry({ remoteInfo }) {
      const entry = remoteInfo.entry;
      if (!entry.startsWith('/')) return undefined;
      const nodeRequire = __non_webpack_require__;
      delete nodeRequire.cache[nodeRequire.resolve(entry)];
      // commonjs-module with a name: { mf_search: container }
      const exported = nodeRequire(entry) as Record<string, unknown>;
      return (exported[remoteInfo.entryGlobalName] ?? exported[remoteInfo.name] ?? exported) as never;
    },
  };
}
