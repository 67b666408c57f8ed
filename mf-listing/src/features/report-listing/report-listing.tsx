/**
 * "Reportar anuncio" on the listing detail (issue 23). The button is all the page carries; the
 * dialog (antd Modal, Radio, TextArea) is fetched when it is pressed, so the detail's first load
 * does not grow.
 */
import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import { MSG } from 'shared-contracts';

const ReportDialog = lazy(() => import('./report-dialog'));

export function ReportListing({ anuncioId }: { anuncioId: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', margin: '8px 0' }}>
      <Button
        type="text"
        danger
        size="small"
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
