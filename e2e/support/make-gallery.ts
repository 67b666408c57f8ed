/**
 * Builds the small committed gallery (docs/screenshots/, linked from the README) from the
 * screenshots tests/a11y.spec.ts keeps under test-results/screenshots/<project>/:
 *
 *   cd e2e && npx playwright test tests/a11y.spec.ts && npx tsx support/make-gallery.ts
 *
 * Each page is cut to its first screens and stored as a palette PNG so the folder stays small.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { E2E } from './env';

const PAGES: [file: string, name: string][] = [
  ['visitante-home', 'home'],
  ['visitante-detail', 'detail'],
  ['usuario-agregar-anuncio', 'agregar-anuncio'],
  ['visitante-signup', 'signup'],
  ['visitante-plans', 'plans'],
];
// [project, width label, output width, tallest part kept (in source pixels)]
const SIZES = [
  ['desktop', '1280', 960, 1400],
  ['phone', '390', 390, 1500],
] as const;

const source = path.join(E2E.root, 'test-results', 'screenshots');
const target = path.join(E2E.root, 'docs', 'screenshots');

async function main() {
  fs.mkdirSync(target, { recursive: true });
  let total = 0;
  for (const [project, label, width, maxHeight] of SIZES) {
    for (const [file, name] of PAGES) {
      const input = path.join(source, project, `${file}.png`);
      const meta = await sharp(input).metadata();
      const out = path.join(target, `${name}-${label}.png`);
      // phones render at a device scale factor: scale down to CSS pixels first
      await sharp(input)
        .extract({ left: 0, top: 0, width: meta.width!, height: Math.min(meta.height!, Math.round((maxHeight * meta.width!) / Number(label))) })
        .resize({ width })
        .png({ palette: true, quality: 70, compressionLevel: 9, effort: 10 })
        .toFile(out);
      total += fs.statSync(out).size;
      console.log(`${path.relative(E2E.root, out)} ${(fs.statSync(out).size / 1024).toFixed(0)} KB`);
    }
  }
  console.log(`total ${(total / 1024 / 1024).toFixed(2)} MB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
