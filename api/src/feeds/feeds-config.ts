/**
 * The schedule of the feed imports (FEEDS_INTERVAL_MINUTES, unset or 0 = off). Which partners
 * and feeds: the agencies of the database (issue 46, `npm run agencies`), no longer a file.
 * Read here rather than in config.ts because only the feed import uses it.
 */
import { z } from 'zod';
import { FeedError } from './types';

export interface FeedSettings {
  /** 0 = no scheduled imports. */
  intervalMinutes: number;
}

const envSchema = z.object({
  FEEDS_INTERVAL_MINUTES: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), z.coerce.number().min(0).max(7 * 24 * 60)),
});

export function feedSettings(env: NodeJS.ProcessEnv): FeedSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new FeedError(`FEEDS_INTERVAL_MINUTES no válido: ${parsed.error.issues[0]?.message ?? ''}`);
  }
  return { intervalMinutes: parsed.data.FEEDS_INTERVAL_MINUTES };
}
