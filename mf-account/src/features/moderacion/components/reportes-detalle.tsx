/**
 * A queued listing's open reports and what moderators look for in them (issue 40): which reports
 * count toward an automatic hold (accounts with standing, one per network), each reporter's
 * network as a tag (never its address), and bursts: many reports against this owner, or from one
 * network, in the last RAFAGA_HORAS hours.
 */
import Tag from 'antd/es/tag';
import { MOTIVO_REPORTE_LABELS, RAFAGA_HORAS, RAFAGA_MIN_REPORTES, type ModeracionItem, type Rafaga, type Reporte } from 'shared-contracts';
import { when } from './when';

const BURST_COLOUR = '#a8071a';

function reporterLabel(r: Reporte): string {
  if (r.reportero === 'visitante') return 'Visitante (no cuenta)';
  return r.conPeso ? 'Cuenta con antigüedad' : 'Cuenta nueva o sin confirmar (no cuenta)';
}

function BurstLine({ label, burst }: { label: string; burst: Rafaga }) {
  const isBurst = burst.reportes >= RAFAGA_MIN_REPORTES;
  return (
    <li>
      {isBurst && <Tag color={BURST_COLOUR}>Ráfaga</Tag>}
      {label}: {burst.reportes} {burst.reportes === 1 ? 'reporte' : 'reportes'} en {burst.anuncios} {burst.anuncios === 1 ? 'anuncio' : 'anuncios'}
    </li>
  );
}

export function ReportesDetalle({ item, name }: { item: ModeracionItem; name: string }) {
  const personas = `${item.reporteros} ${item.reporteros === 1 ? 'persona' : 'personas'}`;
  return (
    <>
      <h3 style={{ fontSize: 16 }}>
        Reportes ({item.reportes.length}, {personas}; {item.reporterosConPeso} cuentan para retener)
      </h3>
      {item.reportes.length ? (
        <ul aria-label={`Reportes: ${name}`} style={{ paddingLeft: 18 }}>
          {item.reportes.map((r) => (
            <li key={r.id}>
              <strong>{MOTIVO_REPORTE_LABELS[r.motivo]}</strong> · {reporterLabel(r)}
              {r.red && <> · Red {r.red}</>} · {when(r.createdAt)}
              {r.comentario && <div style={{ overflowWrap: 'anywhere' }}>“{r.comentario}”</div>}
            </li>
          ))}
        </ul>
      ) : (
        <p>Sin reportes: retenido por su contenido (ver historial).</p>
      )}
      {(item.rafagaDueno || item.rafagasRed.length > 0) && (
        <>
          <h3 style={{ fontSize: 16 }}>Reportes en las últimas {RAFAGA_HORAS} horas</h3>
          <ul aria-label={`Ráfagas: ${name}`} style={{ paddingLeft: 18 }}>
            {item.rafagaDueno && <BurstLine label="Contra este dueño" burst={item.rafagaDueno} />}
            {item.rafagasRed.map((b) => (
              <BurstLine key={b.red} label={`Desde la red ${b.red}`} burst={b} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
