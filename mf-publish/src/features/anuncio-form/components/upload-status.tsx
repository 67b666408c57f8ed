/**
 * Issue 47: while a listing is sent, how far its upload is (shown the moment the user submits,
 * before the first byte leaves), how many photos are up, and a button that cancels it. Once every
 * byte is sent the server is storing the photos: the button goes, since the listing may already
 * be saved by then.
 */
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import type { UploadProgress } from '../lib/upload-progress';

export function UploadStatus({ upload, editing, onCancel }: { upload: UploadProgress; editing: boolean; onCancel: () => void }) {
  const sentAll = upload.percent >= 100;
  const action = editing ? 'Guardando los cambios' : 'Publicando tu anuncio';
  const photos = upload.photos > 0 ? ` · fotos subidas: ${upload.sent} de ${upload.photos}` : '';
  const label = sentAll ? `${action}: procesando las fotos…` : `${action}${photos}`;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      {/* the line beside the bar, not in it: a progressbar's content is not read as a status */}
      <Typography.Text role="status">{label}</Typography.Text>
      <Progress aria-label="Subida del anuncio" percent={upload.percent} status="active" size="small" />
      {!sentAll && (
        <Button onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
          Cancelar subida
        </Button>
      )}
    </div>
  );
}
