import fs from 'node:fs';
import { distFileFor, weighFile } from './js-weight.mjs';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
for (const u of fs.readFileSync(process.argv[2], 'utf8').trim().split('\n')) {
  const file = distFileFor('http://x' + u); if (!file) { console.log('??', u); continue; }
  const w = weighFile(file);
  const code = fs.readFileSync(file, 'utf8'); const lines = code.split('\n');
  if (!fs.existsSync(file + '.map')) { console.log((w.gzip/1024).toFixed(1).padStart(5), u, '| no map'); continue; }
  const map = new TraceMap(fs.readFileSync(file + '.map', 'utf8'));
  const chars = {}; let prev = null;
  const key = (s) => { const i = s.lastIndexOf('node_modules/'); if (i < 0) return s.replace(/^webpack:\/\/[^/]+\//, '').split('/').slice(0, 4).join('/'); const r = s.slice(i + 13).split('/'); return (r[0].startsWith('@') ? r[0] + '/' + r[1] : r[0]) + (r[0]==='antd' ? '/'+r[2] : ''); };
  const close = (l, c) => { if (!prev) return; const len = prev.l === l ? c - prev.c : lines[prev.l - 1].length - prev.c; chars[prev.k] = (chars[prev.k] || 0) + len; };
  eachMapping(map, (m) => { close(m.generatedLine, m.generatedColumn); prev = { l: m.generatedLine, c: m.generatedColumn, k: m.source ? key(m.source) : '?' }; });
  close(1e9, 0);
  console.log((w.gzip/1024).toFixed(1).padStart(5), u, '|', Object.entries(chars).sort((a, b) => b[1] - a[1]).slice(0, 7).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}K`).join(', '));
}
