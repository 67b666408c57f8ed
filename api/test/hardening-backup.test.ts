/**
 * Issue 19, item 9: `npm run backup` (scripts/backup.mjs) on PostgreSQL dumps the database before
 * copying the photos, and never puts the database password on pg_dump's command line (where every
 * user of the machine can read it in the process list). The pg_dump here is a stand-in first on
 * PATH that records its arguments, its PGPASSWORD and whether the photos were already copied;
 * the real dump and restore are proved by reliability-backup.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

test('the dump comes first and the password travels in the environment', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-order-'));
  try {
    const bin = path.join(tmp, 'bin');
    const dataDir = path.join(tmp, 'data');
    const target = path.join(tmp, 'copia');
    const record = path.join(tmp, 'pg_dump.json');
    fs.mkdirSync(bin);
    fs.mkdirSync(path.join(dataDir, 'photos'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'photos', 'a.webp'), 'x');
    fs.writeFileSync(
      path.join(bin, 'pg_dump'),
      `#!${process.execPath}\nconst fs = require('fs');\nconst file = process.argv.find((a) => a.startsWith('--file=')).slice(7);\n` +
        `fs.writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), password: process.env.PGPASSWORD, user: process.env.PGUSER, db: process.env.PGDATABASE, photosCopied: fs.existsSync(${JSON.stringify(path.join(target, 'photos'))}) }));\n` +
        `fs.writeFileSync(file, 'dump');\n`,
      { mode: 0o755 },
    );
    const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), 'backup', target], {
      cwd: ROOT,
      env: { PATH: `${bin}:${process.env.PATH}`, DATA_DIR: dataDir, DATABASE_URL: 'postgres://portal:s3cr3t-p%40ss@db.internal:5432/portal' },
      encoding: 'utf8',
    });
    expect({ status: res.status, stderr: res.stderr }).toEqual({ status: 0, stderr: '' });
    const seen = JSON.parse(fs.readFileSync(record, 'utf8'));
    expect(seen.argv.join(' ')).not.toContain('s3cr3t');
    expect(seen.argv.join(' ')).not.toContain('postgres://');
    expect(seen).toMatchObject({ password: 's3cr3t-p@ss', user: 'portal', db: 'portal', photosCopied: false });
    expect(fs.existsSync(path.join(target, 'photos', 'a.webp'))).toBe(true);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
