/** /comprarPlanPage — placeholder until the feature issue fills it. */
export default function ComprarPlanPage() {
  return <h1>ComprarPlanPage</h1>;
}
