/** Standalone QA mode: this remote's pages in the shared harness, against the real API. */
import { startStandalone } from 'web-runtime/harness';
import LoginPage from './pages/login-page';
import SignupPage from './pages/signup-page';
import ForgotPasswordPage from './pages/forgot-password-page';
import ResetPasswordPage from './pages/reset-password-page';
import ConfirmEmailPage from './pages/confirm-email-page';
import RequestEmailConfirmationPage from './pages/request-email-confirmation-page';
import ComprarPlanPage from './pages/comprar-plan-page';
import ModeracionPage from './pages/moderacion-page';
import MisBusquedasPage from './pages/mis-busquedas-page';
import BajaAlertasPage from './pages/baja-alertas-page';

void startStandalone({
  title: 'Cuenta',
  routes: [
    { path: '/login', element: <LoginPage />, label: 'Login' },
    { path: '/signup', element: <SignupPage />, label: 'Registro' },
    { path: '/forgotPassword', element: <ForgotPasswordPage />, label: 'Olvidé contraseña' },
    { path: '/resetPassword/:id/:token', element: <ResetPasswordPage /> },
    { path: '/confirmEmail/:id/:token', element: <ConfirmEmailPage /> },
    { path: '/requestEmailConfirmation', element: <RequestEmailConfirmationPage />, label: 'Pedir link' },
    { path: '/comprarPlanPage', element: <ComprarPlanPage />, label: 'Planes' },
    { path: '/moderacion', element: <ModeracionPage />, label: 'Moderación' },
    { path: '/misBusquedas', element: <MisBusquedasPage />, label: 'Mis búsquedas' },
    { path: '/bajaAlertas/:busquedaId/:token', element: <BajaAlertasPage /> },
  ],
});
