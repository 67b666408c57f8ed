/** /confirmEmail/:id/:token — placeholder until the feature issue fills it. */
export default function ConfirmEmailPage() {
  return <h1>ConfirmEmailPage</h1>;
}
