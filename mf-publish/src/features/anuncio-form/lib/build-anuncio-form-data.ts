import type { AnuncioInput } from 'shared-contracts';
import { attributeFields } from 'shared-contracts/schemas';

/**
 * Issue 42's fields are sent even when empty (''): on an edit, a field not sent keeps its stored
 * value, so a choice the user cleared back to "Sin indicar" must say so.
 */
const ATTRIBUTE_KEYS: ReadonlySet<string> = new Set(Object.keys(attributeFields));

export interface PhotoPart {
  name: string;
  file: Blob;
}

/**
 * The multipart body of POST /anuncio (SPEC §7): every field as text, then one repeated `images`
 * part per photo in the order shown. Fields first so the server has them before the big parts.
 */
export function buildAnuncioFormData(values: AnuncioInput, photos: PhotoPart[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    form.append(key, String(value));
  }
  const given = values as Record<string, unknown>;
  for (const key of ATTRIBUTE_KEYS) if (given[key] === undefined || given[key] === null) form.append(key, '');
  for (const photo of photos) form.append('images', photo.file, photo.name);
  return form;
}

/**
 * The multipart body of `PUT /anuncio/{id}` (issue 20): the same fields and new photos, plus the
 * whole photo order (`fotos`: stored keys and `nueva:N`) and the stored photos removed (`quitadas`).
 */
export function buildEditFormData(values: AnuncioInput, photos: PhotoPart[], edit: { order: string[]; removed: string[] }): FormData {
  const form = buildAnuncioFormData(values, []);
  form.append('fotos', JSON.stringify(edit.order));
  form.append('quitadas', JSON.stringify(edit.removed));
  for (const photo of photos) form.append('images', photo.file, photo.name);
  return form;
}
