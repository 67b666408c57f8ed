/** /agregarAnuncio — publish a listing (SPEC §2 "Add listing", issue 8). */
import Typography from 'antd/es/typography';
import { AnuncioForm } from '../features/anuncio-form/components/anuncio-form';

export default function AgregarAnuncioPage() {
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: '16px 12px' }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Agregar anuncio
      </Typography.Title>
      <AnuncioForm />
    </div>
  );
}
