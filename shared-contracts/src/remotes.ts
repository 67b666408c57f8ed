/**
 * The shell's expectations of each remote: what it exposes. The shell loads `${remote}/${expose}`;
 * the contract check compares this list with each remote's built manifest.
 */
export const REMOTES = {
  mf_search: { exposes: ['./HomePage'] },
  mf_listing: { exposes: ['./AnuncioDetailPage', './AnuncioCard', './AnuncioDetail', './FavoritosPage'] },
  mf_account: {
    exposes: [
      './LoginPage',
      './SignupPage',
      './ForgotPasswordPage',
      './ResetPasswordPage',
      './ConfirmEmailPage',
      './RequestEmailConfirmationPage',
      './ComprarPlanPage',
      './ModeracionPage',
      './MisBusquedasPage',
      './BajaAlertasPage',
    ],
  },
  mf_publish: { exposes: ['./MisAnunciosPage', './AgregarAnuncioPage', './EditarAnuncioPage', './RenovarAnuncioPage'] },
} as const;
export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** Props every exposed page component accepts (none yet: pages read the store and the route). */
export type RemotePageProps = Record<string, never>;
