/** /requestEmailConfirmation — placeholder until the feature issue fills it. */
export default function RequestEmailConfirmationPage() {
  return <h1>RequestEmailConfirmationPage</h1>;
}
