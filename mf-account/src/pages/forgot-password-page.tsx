/** /forgotPassword — placeholder until the feature issue fills it. */
export default function ForgotPasswordPage() {
  return <h1>ForgotPasswordPage</h1>;
}
