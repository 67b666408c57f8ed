/** Types of shared-modules.js (plain CommonJS data, read by TypeScript and the webpack configs alike). */
export interface SharedModule {
  name: string;
  package: string;
  checked: boolean;
}
export declare const SHARED_MODULES: readonly SharedModule[];
export declare const WORKSPACE_PACKAGES: readonly string[];
