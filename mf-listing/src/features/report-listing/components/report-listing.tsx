/**
 * "Reportar anuncio" on the listing detail (issue 23). The button is all the page carries; the
 * dialog (antd Modal, Radio, TextArea) is fetched when it is pressed, so the detail's first load
 * does not grow.
 */
import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import { MSG } from 'shared-contracts';

const ReportDialog = lazy(() => import('./report-dialog'));

export function ReportListing({ anuncioId }: { anuncioId: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // the secondary text colour keeps 4.5:1 in both colour schemes (antd's red text does not)
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', margin: '8px 0' }}>
      <Button
        type="text"
        size="small"
        style={{ color: token.colorTextSecondary }}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        ⚑ {MSG.reportarAnuncio}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ReportDialog anuncioId={anuncioId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
