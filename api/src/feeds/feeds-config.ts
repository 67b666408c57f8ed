/**
 * Which feed each partner publishes: a JSON file (FEEDS_CONFIG, default DATA_DIR/feeds.json)
 * `{ "hazim": "https://…", "noves": "/srv/feeds/noves.xml" }`, and the schedule
 * (FEEDS_INTERVAL_MINUTES, unset or 0 = off). Read here rather than in config.ts because only
 * the feed import uses them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { COMPANY_KEYS, type CompanyKey } from 'shared-contracts';
import { FeedError } from './types';
import { redactUrls } from './redact';

export interface FeedSettings {
  configPath: string;
  /** 0 = no scheduled imports. */
  intervalMinutes: number;
}

const envSchema = z.object({
  FEEDS_CONFIG: z.string().optional(),
  FEEDS_INTERVAL_MINUTES: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), z.coerce.number().min(0).max(7 * 24 * 60)),
});

export function feedSettings(env: NodeJS.ProcessEnv, dataDir: string, cwd = process.cwd()): FeedSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new FeedError(`FEEDS_INTERVAL_MINUTES no válido: ${parsed.error.issues[0]?.message ?? ''}`);
  }
  const configPath = parsed.data.FEEDS_CONFIG ? path.resolve(cwd, parsed.data.FEEDS_CONFIG) : path.join(dataDir, 'feeds.json');
  return { configPath, intervalMinutes: parsed.data.FEEDS_INTERVAL_MINUTES };
}

const locationSchema = z.string().trim().min(1);
// partialRecord: a partner without a feed is simply left out (z.record would demand all six).
const fileSchema = z.partialRecord(z.enum(COMPANY_KEYS as [CompanyKey, ...CompanyKey[]]), locationSchema);

/** Partner -> URL or absolute path (relative paths are taken from the config file's folder). */
export async function readFeedsConfig(configPath: string): Promise<Partial<Record<CompanyKey, string>>> {
  let text: string;
  try {
    text = await readFile(configPath, 'utf8');
  } catch (err) {
    throw new FeedError(`no se puede leer ${configPath} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    // the parser may quote the text around the fault: a URL there may carry a partner's credentials
    throw new FeedError(`${configPath}: JSON mal formado (${redactUrls((err as Error).message)})`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FeedError(`${configPath}: ${issue?.path.join('.') || 'archivo'}: ${issue?.message ?? 'no válido'} (empresas: ${COMPANY_KEYS.join(', ')})`);
  }
  const out: Partial<Record<CompanyKey, string>> = {};
  for (const [key, value] of Object.entries(parsed.data) as [CompanyKey, string][]) {
    out[key] = /^https?:\/\//i.test(value) ? value : path.resolve(path.dirname(configPath), value);
  }
  return out;
}
