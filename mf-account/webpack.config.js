const { createConfig } = require('../webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_account',
  port: 3003,
  exposes: {
    './LoginPage': './src/expose/login-page.tsx',
    './SignupPage': './src/expose/signup-page.tsx',
    './ForgotPasswordPage': './src/expose/forgot-password-page.tsx',
    './ResetPasswordPage': './src/expose/reset-password-page.tsx',
    './ConfirmEmailPage': './src/expose/confirm-email-page.tsx',
    './RequestEmailConfirmationPage': './src/expose/request-email-confirmation-page.tsx',
    './ComprarPlanPage': './src/expose/comprar-plan-page.tsx',
    './ModeracionPage': './src/expose/moderacion-page.tsx',
    './MisBusquedasPage': './src/expose/mis-busquedas-page.tsx',
    './BajaAlertasPage': './src/expose/baja-alertas-page.tsx',
  },
});
