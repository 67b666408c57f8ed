/** /agregarAnuncio — placeholder until the feature issue fills it. */
export default function AgregarAnuncioPage() {
  return <h1>AgregarAnuncioPage</h1>;
}
