/** /signup — placeholder until the feature issue fills it. */
export default function SignupPage() {
  return <h1>SignupPage</h1>;
}
