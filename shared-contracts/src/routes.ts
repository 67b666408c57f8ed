/** Route paths of SPEC §2, one place for the shell, the remotes and the API's email links. */
export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgotPassword',
  resetPassword: '/resetPassword/:id/:token',
  confirmEmail: '/confirmEmail/:id/:token',
  requestEmailConfirmation: '/requestEmailConfirmation',
  comprarPlan: '/comprarPlanPage',
  anuncioDetail: '/anuncioDetailedView/:anuncioId',
  misAnuncios: '/misAnuncios',
  agregarAnuncio: '/agregarAnuncio',
} as const;

export const anuncioPath = (anuncioId: string) => `/anuncioDetailedView/${encodeURIComponent(anuncioId)}`;
export const resetPasswordPath = (id: string, token: string) => `/resetPassword/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
export const confirmEmailPath = (id: string, token: string) => `/confirmEmail/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
