/**
 * The photos of a listing (SPEC §5): png/jpeg only, a file name already chosen is ignored,
 * at most MAX_IMAGES kept, each compressed (one at a time, to spare phones) before it is kept.
 * The list order is the order the API receives them (the first is the cover). When editing
 * (issue 20) the listing's current photos come first, can be removed and reordered like new ones.
 *
 * Issue 39: what a file is comes from its first bytes, as the API decides it, never from its name
 * or the type the browser guessed from that name; each refused file is named in a notice, and the
 * photos already chosen (and the rest of the form) stay as they were.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { IMAGE_SNIFF_BYTES, MAX_IMAGES, MSG, photoKeyOfUrl, photoRefusal, sniffImageFormat, type ImageFormat } from 'shared-contracts';
import type { CompressFn } from '../lib/compress-image';

export interface Photo {
  id: number;
  name: string;
  /** The compressed file (or the original when compression failed); null while compressing. */
  file: File | null;
  /** data: URL of the kept file (or the stored photo's URL), for the thumbnail. */
  preview: string;
  /** A photo already stored with the listing (editing): its storage key. */
  key?: string;
}

export interface CompressionProgress {
  total: number;
  done: number;
  /** 0..100 over the whole batch. */
  percent: number;
}

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => resolve('');
    reader.readAsDataURL(file);
  });
}

/** PNG, JPEG or neither, by the file's first bytes (FileReader: what every browser, and jsdom, can read). */
function imageFormatOf(file: File): Promise<ImageFormat | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result instanceof ArrayBuffer ? sniffImageFormat(new Uint8Array(reader.result)) : null);
    reader.onerror = () => resolve(null);
    reader.readAsArrayBuffer(file.slice(0, IMAGE_SNIFF_BYTES));
  });
}

/** The listing's current photos as the editor's first entries. */
function storedPhotos(urls: readonly string[]): Photo[] {
  return urls.map((url, i) => ({ id: -(i + 1), name: `Foto actual ${i + 1}`, file: null, preview: url, key: photoKeyOfUrl(url) }));
}

export function usePhotos(compress: CompressFn, initialUrls: readonly string[] = []) {
  const [photos, setPhotos] = useState<Photo[]>(() => storedPhotos(initialUrls));
  // Keys of stored photos the user removed (sent as `quitadas` with the edit).
  const [removedKeys, setRemovedKeys] = useState<string[]>([]);
  const [progress, setProgress] = useState<CompressionProgress | null>(null);
  // What the last choice of files left out, one line per reason (each refused file named).
  const [notices, setNotices] = useState<string[]>([]);
  // The latest list, for checks made inside event handlers and the compression queue.
  const current = useRef<Photo[]>(photos);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const batch = useRef({ total: 0, done: 0 });
  const nextId = useRef(1);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((fn: (list: Photo[]) => Photo[]) => {
    current.current = fn(current.current);
    if (mounted.current) setPhotos(current.current);
  }, []);

  const compressOne = useCallback(
    async (id: number, original: File) => {
      if (!current.current.some((p) => p.id === id)) return; // removed while waiting
      const base = batch.current.done / batch.current.total;
      let kept: File;
      try {
        kept = await compress(original, (pct) => {
          if (mounted.current) setProgress({ ...batch.current, percent: Math.round((base + pct / 100 / batch.current.total) * 100) });
        });
      } catch (err) {
        console.warn(`No se pudo comprimir ${original.name}; se usa el original`, err);
        kept = original;
      }
      const preview = await readDataUrl(kept);
      update((list) => list.map((p) => (p.id === id ? { ...p, file: kept, preview } : p)));
    },
    [compress, update],
  );

  const add = useCallback(
    async (files: File[]) => {
      const formats = await Promise.all(files.map(imageFormatOf));
      const names = new Set(current.current.map((p) => p.name));
      const accepted: { photo: Photo; original: File }[] = [];
      const refused: string[] = [];
      let overLimit = false;
      for (const [i, file] of files.entries()) {
        if (!formats[i]) {
          refused.push(photoRefusal({ name: file.name }, MSG.archivoNoEsImagen));
          continue;
        }
        if (names.has(file.name)) continue; // SPEC: a duplicate name is ignored, silently
        if (current.current.length + accepted.length >= MAX_IMAGES) {
          overLimit = true;
          break;
        }
        names.add(file.name);
        accepted.push({ photo: { id: nextId.current++, name: file.name, file: null, preview: '' }, original: file });
      }
      if (mounted.current) setNotices(overLimit ? [...refused, MSG.tooManyImages] : refused);
      if (!accepted.length) return;
      update((list) => [...list, ...accepted.map((a) => a.photo)]);
      batch.current = { total: batch.current.total + accepted.length, done: batch.current.done };
      setProgress({ ...batch.current, percent: Math.round((batch.current.done / batch.current.total) * 100) });
      for (const { photo, original } of accepted) {
        queue.current = queue.current.then(async () => {
          await compressOne(photo.id, original);
          batch.current = { ...batch.current, done: batch.current.done + 1 };
          const finished = batch.current.done >= batch.current.total;
          if (finished) batch.current = { total: 0, done: 0 };
          if (mounted.current) setProgress(finished ? null : { ...batch.current, percent: Math.round((batch.current.done / batch.current.total) * 100) });
        });
      }
    },
    [compressOne, update],
  );

  const remove = useCallback(
    (id: number) => {
      const key = current.current.find((p) => p.id === id)?.key;
      if (key) setRemovedKeys((keys) => [...keys, key]);
      update((list) => list.filter((p) => p.id !== id));
    },
    [update],
  );

  /** Moves a photo one place earlier (-1) or later (+1); place 0 is the cover. */
  const move = useCallback(
    (id: number, delta: -1 | 1) =>
      update((list) => {
        const from = list.findIndex((p) => p.id === id);
        const to = from + delta;
        if (from < 0 || to < 0 || to >= list.length) return list;
        const next = [...list];
        [next[from], next[to]] = [next[to], next[from]];
        return next;
      }),
    [update],
  );

  const compressing = progress !== null;
  /** What is sent, in order (a PNG re-encoded as JPEG is sent as .jpg). */
  const ready = photos.flatMap((p) => (p.file ? [{ name: p.file.name || p.name, file: p.file }] : []));
  /** The whole order for an edit: a stored photo's key, or `nueva:N` for the N-th of `ready`. */
  let n = 0;
  const order = photos.flatMap((p) => (p.key ? [p.key] : p.file ? [`nueva:${n++}`] : []));
  return { photos, ready, order, removedKeys, add, remove, move, progress, compressing, notices };
}
