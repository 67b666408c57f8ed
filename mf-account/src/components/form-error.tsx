/** The server's error text under a form (SPEC §8), announced to screen readers. */
import Alert from 'antd/es/alert';

export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return <Alert type="error" role="alert" title={error} showIcon style={{ marginTop: 12 }} />;
}
