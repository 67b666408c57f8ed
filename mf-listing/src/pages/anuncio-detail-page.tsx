/** /anuncioDetailedView/:anuncioId — placeholder until the feature issue fills it. */
export default function AnuncioDetailPage() {
  return <h1>AnuncioDetailPage</h1>;
}
