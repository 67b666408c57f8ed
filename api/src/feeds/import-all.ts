/** Every configured partner, one after another: one partner's broken feed does not stop the rest. */
import type { ImportReport } from './types';
import { importFeed, type ImportOptions } from './import-feed';
import { readFeedsConfig } from './feeds-config';

export type ImportAllOptions = Omit<ImportOptions, 'partner' | 'location'> & { configPath: string };

export async function importAll(opts: ImportAllOptions): Promise<ImportReport[]> {
  const { configPath, ...rest } = opts;
  const feeds = await readFeedsConfig(configPath);
  const reports: ImportReport[] = [];
  for (const [partner, location] of Object.entries(feeds) as [ImportOptions['partner'], string][]) {
    reports.push(await importFeed({ ...rest, partner, location }));
  }
  return reports;
}
