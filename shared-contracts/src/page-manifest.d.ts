/** Types of page-manifest.js (plain CommonJS data, read by TypeScript, webpack and node alike). */
export type RemoteName = 'mf_search' | 'mf_listing' | 'mf_account' | 'mf_publish';

export type PageId =
  | 'home'
  | 'landingVenta'
  | 'landingAlquiler'
  | 'login'
  | 'signup'
  | 'forgotPassword'
  | 'resetPassword'
  | 'confirmEmail'
  | 'requestEmailConfirmation'
  | 'comprarPlan'
  | 'moderacion'
  | 'misBusquedas'
  | 'bajaAlertas'
  | 'bajaAvisosPrecio'
  | 'anuncioDetail'
  | 'favoritos'
  | 'misAnuncios'
  | 'agregarAnuncio'
  | 'editarAnuncio'
  | 'renovarAnuncio';

/** Who may open a page; the others go home (a logged-in user on a guestOnly page: to ?next=). */
export type PageGuard = 'public' | 'guestOnly' | 'userOnly' | 'moderatorOnly';

export interface PageEntry {
  id: PageId;
  path: string;
  remote: RemoteName;
  /** './LoginPage': loaded as `mf_account/LoginPage`. */
  expose: string;
  /** The page's file from the repository root. */
  module: string;
  guard: PageGuard;
  /** Rendered on the server too; its data comes from the module's `serverData` export. */
  ssr: boolean;
  /** Its link in the remote's standalone QA harness. */
  label?: string;
}

export interface ExposedComponent {
  remote: RemoteName;
  expose: string;
  module: string;
}

export declare const REMOTE_DIRS: Readonly<Record<RemoteName, string>>;
export declare const PAGES: readonly PageEntry[];
export declare const COMPONENTS: readonly ExposedComponent[];
export declare function exposesOf(remote: RemoteName): Record<string, string>;
export declare function pathPattern(path: string): RegExp;
