/** The report of an import run as the operator reads it (CLI output, server log, feeds.log). */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ImportReport } from './types';

export function formatReport(r: ImportReport): string {
  const lines = [
    `${r.partner} (${r.origin}): ${r.ok ? 'importado' : `ERROR: ${r.fatal ?? 'desconocido'} — no se retiró ningún anuncio`}`,
    `  anuncios en el feed: ${r.ads}`,
    `  creados: ${r.created}  actualizados: ${r.updated}  sin cambios: ${r.unchanged}  retirados: ${r.withdrawn}  rechazados: ${r.rejected}`,
    `  fotos descargadas: ${r.photosDownloaded}  fotos fallidas: ${r.photoFailureCount}  duración: ${(r.durationMs / 1000).toFixed(1)} s`,
  ];
  for (const x of r.rejections) lines.push(`  rechazado ${x.id || '(sin id)'}: ${x.reason}`);
  if (r.rejected > r.rejections.length) lines.push(`  … y ${r.rejected - r.rejections.length} rechazos más`);
  for (const f of r.photoFailures) lines.push(`  foto omitida ${f.id} ${f.url}: ${f.reason}`);
  if (r.photoFailureCount > r.photoFailures.length) lines.push(`  … y ${r.photoFailureCount - r.photoFailures.length} fotos fallidas más`);
  return lines.join('\n');
}

/** One JSON line per run in DATA_DIR/feeds.log: the history outlives the terminal. */
export async function appendReportLog(dataDir: string, report: ImportReport): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await appendFile(path.join(dataDir, 'feeds.log'), `${JSON.stringify(report)}\n`);
}
