/** /misAnuncios — placeholder until the feature issue fills it. */
export default function MisAnunciosPage() {
  return <h1>MisAnunciosPage</h1>;
}
