/**
 * A remote's expose rendered from another remote through the store's loader: a page that
 * preloads it gets the same load when it renders, and a failed preload does not stick.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { usePortalStore } from 'web-runtime/store';
import { RemoteComponent, preloadRemote } from './index';

function Card({ title }: { title: string }) {
  return <article>{title}</article>;
}

test('a preload starts the load at once, and the render uses that same load', async () => {
  const asked: string[] = [];
  let arrive!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  usePortalStore.setState({
    loadRemote: async (id: string) => {
      asked.push(id);
      await arrived;
      return { default: Card };
    },
  });
  preloadRemote('mf_x/Card');
  expect(asked).toEqual(['mf_x/Card']); // before anything rendered
  render(<RemoteComponent id="mf_x/Card" props={{ title: 'Casa en Naco' }} loading={<p>cargando</p>} />);
  expect(screen.getByText('cargando')).toBeInTheDocument();
  arrive();
  expect(await screen.findByText('Casa en Naco')).toBeInTheDocument();
  expect(asked).toEqual(['mf_x/Card']);
});

test('a failed preload is forgotten: the render loads again and shows the card', async () => {
  const asked: string[] = [];
  let fail = true;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  usePortalStore.setState({
    loadRemote: async (id: string) => {
      asked.push(id);
      if (fail) throw new Error('remote caído');
      return { default: Card };
    },
  });
  preloadRemote('mf_y/Card');
  await new Promise((r) => setTimeout(r, 0));
  fail = false;
  render(<RemoteComponent id="mf_y/Card" props={{ title: 'Solar en Bávaro' }} fallback={<p>no disponible</p>} />);
  expect(await screen.findByText('Solar en Bávaro')).toBeInTheDocument();
  expect(asked).toEqual(['mf_y/Card', 'mf_y/Card']);
  warn.mockRestore();
});

test('a failure shows the fallback; its retry runs beforeRetry and loads the code again', async () => {
  const asked: string[] = [];
  const resets: string[] = [];
  let fail = true;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  // React reports the error its boundary caught: expected here
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  usePortalStore.setState({
    peekRemote: null,
    loadRemote: async (id: string) => {
      asked.push(id);
      if (fail) throw new Error('remote caído');
      return { default: Card };
    },
  });
  render(
    <RemoteComponent
      id="mf_z/Page"
      props={{ title: 'Apartamento en Piantini' }}
      beforeRetry={() => resets.push('mf_z')}
      fallback={(retry) => (
        <button type="button" onClick={retry}>
          Reintentar
        </button>
      )}
    />,
  );
  const button = await screen.findByRole('button', { name: 'Reintentar' });
  fail = false;
  fireEvent.click(button);
  expect(await screen.findByText('Apartamento en Piantini')).toBeInTheDocument();
  expect(resets).toEqual(['mf_z']);
  expect(asked).toEqual(['mf_z/Page', 'mf_z/Page']);
  expect(warn).toHaveBeenCalledWith('[remote] mf_z/Page failed:', 'remote caído');
  warn.mockRestore();
  error.mockRestore();
});
