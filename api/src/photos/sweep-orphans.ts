/**
 * Photos are written before their listing row is committed (the row names them), so a process
 * killed in between leaves files no listing references. They are removed at start-up: on the
 * embedded database the process owns the data directory alone, so every orphan goes; on a shared
 * PostgreSQL another instance may be mid-publish, so only orphans older than `olderThanMs` go.
 */
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { anuncios } from '../db/schema';
import type { Db } from '../db/client';
import { isValidPhotoKey } from './storage';
import { cardKeyOf } from './store-photos';

export async function removeOrphanPhotos(db: Db, photosDir: string, olderThanMs = 0, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(photosDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const rows = await db.select({ keys: anuncios.imageKeys }).from(anuncios);
  const referenced = new Set<string>();
  for (const { keys } of rows) for (const key of keys ?? []) referenced.add(key).add(cardKeyOf(key));
  const removed: string[] = [];
  for (const name of names) {
    if (!isValidPhotoKey(name) || referenced.has(name)) continue;
    const file = path.join(photosDir, name);
    const info = await stat(file).catch(() => null);
    if (!info || now - info.mtimeMs < olderThanMs) continue;
    await unlink(file).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}
