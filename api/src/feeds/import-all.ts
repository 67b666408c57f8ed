/**
 * Every active agency with a feed (issue 46: read from the database, `npm run agencies`), one
 * after another: one partner's broken feed does not stop the rest.
 */
import { feedPartners } from '../agencies/repository';
import type { ImportReport } from './types';
import { importFeed, type ImportOptions } from './import-feed';

export type ImportAllOptions = Omit<ImportOptions, 'partner' | 'location'>;

export async function importAll(opts: ImportAllOptions): Promise<ImportReport[]> {
  const reports: ImportReport[] = [];
  // The command stores a file path absolute (agencies/cli.ts).
  for (const partner of await feedPartners(opts.db)) {
    reports.push(await importFeed({ ...opts, partner: partner.slug, location: partner.feedUrl as string }));
  }
  return reports;
}
