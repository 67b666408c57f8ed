/** Editing a listing's photos (issue 20): current photos first, removable, reorderable with new ones. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_IMAGES } from 'shared-contracts';
import { PhotoUpload } from './photo-upload';
import { usePhotos } from '../hooks/use-photos';
import type { CompressFn } from '../lib/compress-image';
import { pngFile } from '../../../test-support/image-files';

const shrink: CompressFn = async (file, onProgress) => {
  onProgress(100);
  return new File([file.name], file.name, { type: file.type });
};
const STORED = ['http://api.test/photos/aaaa.webp', 'http://api.test/photos/bbbb.webp'];

let state: ReturnType<typeof usePhotos>;
function Harness({ urls = STORED }: { urls?: string[] }) {
  state = usePhotos(shrink, urls);
  return <PhotoUpload photos={state} />;
}
const alts = () => within(screen.getByRole('list', { name: 'Fotos elegidas' })).queryAllByRole('img', { name: /^Foto \d+:/ }).map((i) => i.getAttribute('alt'));

test('current photos show first; new ones join; the order sent names stored keys and new files', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  expect(alts()).toEqual(['Foto 1: Foto actual 1', 'Foto 2: Foto actual 2']);
  expect(screen.getByText('Portada')).toBeInTheDocument();
  await user.upload(screen.getByLabelText('Elegir fotos'), [pngFile('nueva.png')]);
  await waitFor(() => expect(state.order).toEqual(['aaaa.webp', 'bbbb.webp', 'nueva:0']));
  // the new photo becomes the cover
  await user.click(screen.getByRole('button', { name: 'Mover antes nueva.png' }));
  await user.click(screen.getByRole('button', { name: 'Mover antes nueva.png' }));
  expect(state.order).toEqual(['nueva:0', 'aaaa.webp', 'bbbb.webp']);
  expect(screen.getByRole('button', { name: 'Mover antes nueva.png' })).toBeDisabled();
  // removing a stored photo reports its key
  await user.click(screen.getByRole('button', { name: 'Quitar Foto actual 1' }));
  expect(state.order).toEqual(['nueva:0', 'bbbb.webp']);
  expect(state.removedKeys).toEqual(['aaaa.webp']);
  expect(state.ready.map((p) => p.name)).toEqual(['nueva.png']);
});

test(`stored photos count toward the ${MAX_IMAGES}-photo limit`, async () => {
  const urls = Array.from({ length: MAX_IMAGES }, (_, i) => `http://api.test/photos/k${i}.webp`);
  render(<Harness urls={urls} />);
  expect(screen.getByText(`${MAX_IMAGES} / ${MAX_IMAGES} fotos (PNG o JPEG)`)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Agregar fotos/ })).toBeDisabled();
});
