/**
 * `npm run test:shutdown-loop -- [--runs 50]` (issue 19, item 8): the "SIGTERM during a publish"
 * scenario of reliability-crash.test.ts, run again and again on the real server process: each run
 * starts the API on a persisted PGlite, sends a publish with three photos, SIGTERMs the process
 * 150 ms later and requires the 201 and exit code 0. Stops at the first failure and prints the
 * process's output. Not in `npm test`: 50 runs take minutes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { noisyPhotos, seedPublisher, sigtermDuringPublish, startServer } from './support/server-process';

const arg = process.argv.indexOf('--runs');
const runs = arg > 0 ? Number(process.argv[arg + 1]) : 50;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-shutdown-loop-'));
  const started = Date.now();
  try {
    const token = await seedPublisher(dataDir);
    const photos = await noisyPhotos();
    for (let i = 1; i <= runs; i++) {
      // The limits' counters persist in the database (issue 18): 50 publishes by one user need room.
      const server = await startServer(dataDir, { RATE_LIMIT_SCALE: '100' });
      const { status, code, output } = await sigtermDuringPublish(server, token, photos);
      if (status !== 201 || code !== 0) {
        console.error(`run ${i}/${runs} FAILED: publish ${status}, exit code ${code}\n${output.slice(-4000)}`);
        process.exitCode = 1;
        return;
      }
      console.log(`run ${i}/${runs}: publish 201, exit 0`);
    }
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`${runs}/${runs} runs passed in ${((Date.now() - started) / 1000).toFixed(0)} s (load average ${load})`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
