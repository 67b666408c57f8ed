import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_IMAGES, MSG, photoRefusal } from 'shared-contracts';
import { PhotoUpload } from './photo-upload';
import { usePhotos } from '../hooks/use-photos';
import type { CompressFn } from '../lib/compress-image';
import { jpegFile, pngFile, textAsJpeg } from '../../../test-support/image-files';

// jsdom has no canvas, so the real compressor cannot run here (the browser tests use it):
// these stand-ins shrink the file, or fail like the library does on a broken image.
const shrink: CompressFn = async (file, onProgress) => {
  onProgress(100);
  return new File([file.name], file.name, { type: file.type });
};
const failing: CompressFn = async () => {
  throw new Error('The file given is not an image');
};

let sent: { name: string; file: File | Blob }[] = [];
function Harness({ compress }: { compress: CompressFn }) {
  const photos = usePhotos(compress);
  sent = photos.ready;
  return <PhotoUpload photos={photos} />;
}

const png = pngFile;
const jpeg = jpegFile;
// applyAccept off: the component must filter by itself (a picker's accept is only a hint).
const setup = () => userEvent.setup({ applyAccept: false });

function thumbnails() {
  return within(screen.getByRole('list', { name: 'Fotos elegidas' })).queryAllByRole('img', { name: /^Foto \d+:/ });
}

const notices = () => within(screen.getByRole('status', { name: 'Fotos no agregadas' })).getAllByText(/^No se aceptó/).map((n) => n.textContent);

test('keeps png and jpeg only, in the order chosen, and names each file left out', async () => {
  const user = setup();
  render(<Harness compress={shrink} />);
  await user.upload(screen.getByLabelText('Elegir fotos'), [
    png('sala.png'),
    new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }),
    jpeg('cocina.jpg'),
    new File(['%PDF-1.7'], 'doc.pdf', { type: 'application/pdf' }),
  ]);
  await waitFor(() => expect(thumbnails()).toHaveLength(2));
  expect(thumbnails().map((img) => img.getAttribute('alt'))).toEqual(['Foto 1: sala.png', 'Foto 2: cocina.jpg']);
  expect(notices()).toEqual([photoRefusal({ name: 'anim.gif' }, MSG.archivoNoEsImagen), photoRefusal({ name: 'doc.pdf' }, MSG.archivoNoEsImagen)]);
  expect(sent.map((p) => p.name)).toEqual(['sala.png', 'cocina.jpg']);
  // compressed files are the ones sent
  expect(sent[0].file.size).toBe('sala.png'.length);
});

test('issue 39: a text file renamed .jpg is refused by its bytes, named, and the photos already chosen stay', async () => {
  const user = setup();
  render(<Harness compress={shrink} />);
  const input = screen.getByLabelText('Elegir fotos');
  await user.upload(input, [png('fachada.png'), jpeg('sala.jpg')]);
  await waitFor(() => expect(sent).toHaveLength(2));
  // The browser calls it image/jpeg from its name; its bytes say otherwise. A PNG named .txt is a photo.
  await user.upload(input, [textAsJpeg('notas.jpg'), new File([pngFile('x').slice(0)], 'plano.txt', { type: 'text/plain' })]);
  await waitFor(() => expect(sent).toHaveLength(3));
  expect(notices()).toEqual(['No se aceptó la foto «notas.jpg»: el archivo no es una imagen PNG o JPEG']);
  expect(thumbnails().map((img) => img.getAttribute('alt'))).toEqual(['Foto 1: fachada.png', 'Foto 2: sala.jpg', 'Foto 3: plano.txt']);
  expect(sent.map((p) => p.name)).toEqual(['fachada.png', 'sala.jpg', 'plano.txt']);
  expect(screen.getByText(`3 / ${MAX_IMAGES} fotos (PNG o JPEG)`)).toBeInTheDocument();
});

test('ignores a file whose name was already chosen, in the same or a later batch', async () => {
  const user = setup();
  render(<Harness compress={shrink} />);
  const input = screen.getByLabelText('Elegir fotos');
  await user.upload(input, [png('a.png'), png('a.png', 'other bytes')]);
  await user.upload(input, [png('b.png'), png('a.png')]);
  await waitFor(() => expect(sent.map((p) => p.name)).toEqual(['a.png', 'b.png']));
  expect(thumbnails()).toHaveLength(2);
});

test(`keeps at most ${MAX_IMAGES} photos`, async () => {
  const user = setup();
  render(<Harness compress={shrink} />);
  const input = screen.getByLabelText('Elegir fotos');
  await user.upload(input, Array.from({ length: 25 }, (_, i) => png(`f${i}.png`)));
  await user.upload(input, Array.from({ length: 10 }, (_, i) => png(`g${i}.png`)));
  // thirty photos go through the compressor one after another, each re-rendering the list: on a
  // loaded CI machine that took longer than waitFor's default second (21 of 30 done)
  await waitFor(() => expect(sent).toHaveLength(MAX_IMAGES), { timeout: 15_000 });
  expect(sent.at(-1)!.name).toBe('g4.png');
  expect(screen.getByText(MSG.tooManyImages)).toBeInTheDocument();
  expect(screen.getByText(`${MAX_IMAGES} / ${MAX_IMAGES} fotos (PNG o JPEG)`)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Agregar fotos/ })).toBeDisabled();
});

test('a removed photo leaves the order of the others and can be chosen again', async () => {
  const user = setup();
  render(<Harness compress={shrink} />);
  const input = screen.getByLabelText('Elegir fotos');
  await user.upload(input, [png('1.png'), png('2.png'), png('3.png')]);
  await waitFor(() => expect(sent).toHaveLength(3));
  await user.click(screen.getByRole('button', { name: 'Quitar 2.png' }));
  expect(sent.map((p) => p.name)).toEqual(['1.png', '3.png']);
  await user.upload(input, [png('2.png')]);
  await waitFor(() => expect(sent.map((p) => p.name)).toEqual(['1.png', '3.png', '2.png']));
});

test('shows progress while compressing', async () => {
  const user = setup();
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const slow: CompressFn = async (file, onProgress) => {
    onProgress(50);
    await gate;
    return file;
  };
  render(<Harness compress={slow} />);
  await user.upload(screen.getByLabelText('Elegir fotos'), [png('a.png'), png('b.png')]);
  const bar = await screen.findByRole('progressbar', { name: 'Comprimiendo fotos' });
  expect(bar).toHaveAttribute('aria-valuenow', '25');
  expect(screen.getByText('Comprimiendo fotos (0/2)')).toBeInTheDocument();
  release();
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Comprimiendo fotos' })).not.toBeInTheDocument());
  expect(sent).toHaveLength(2);
});

test('a compression failure is logged and the original file is used', async () => {
  const user = setup();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  render(<Harness compress={failing} />);
  const original = png('roto.png');
  await user.upload(screen.getByLabelText('Elegir fotos'), [original]);
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0].file).toBe(original);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('roto.png'), expect.any(Error));
  warn.mockRestore();
});
