/** / — placeholder until the feature issue fills it. */
export default function HomePage() {
  return <h1>HomePage</h1>;
}
