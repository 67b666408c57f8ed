/** /resetPassword/:id/:token — placeholder until the feature issue fills it. */
export default function ResetPasswordPage() {
  return <h1>ResetPasswordPage</h1>;
}
