/**
 * The one data-loading hook (useQuery) against a recorded API over real HTTP: one request per key
 * however many components show it, a stale request aborted, the server's embedded answer used
 * without a request, a new version asked again with the data kept on screen, Reintentar after a
 * failure, and nothing left behind once nobody shows a key.
 */
import { StrictMode, useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { startRecordedApi, type RecordedApi, type RecordedReply, type RecordedRequest } from '../testing';
import { PageDataContext, useQuery } from './index';

let api: RecordedApi;
let answer: (req: RecordedRequest) => RecordedReply;
const aborted: string[] = [];
beforeAll(async () => {
  api = await startRecordedApi((req) => answer(req));
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  aborted.length = 0;
  answer = (req) => ({ body: { text: `answer for ${req.path}` } });
});

/** GET `path` of the recorded API; notes an abort. */
async function get(path: string, signal: AbortSignal): Promise<string> {
  signal.addEventListener('abort', () => aborted.push(path));
  const res = await fetch(`${api.url}${path}`, { signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return ((await res.json()) as { text: string }).text;
}

function Show({ path, version, keepPrevious }: { path: string; version?: number; keepPrevious?: boolean }) {
  const { status, data, error, fetching, refetch } = useQuery(`test:${path}`, (signal) => get(path, signal), { version, keepPrevious });
  return (
    <section aria-busy={fetching}>
      <p>{status === 'error' ? `error: ${(error as Error).message}` : (data ?? 'loading')}</p>
      <button onClick={() => void refetch()}>Reintentar</button>
    </section>
  );
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 300)));

test('two components showing the same key make one request (StrictMode included)', async () => {
  render(
    <StrictMode>
      <Show path="/a" />
      <Show path="/a" />
    </StrictMode>,
  );
  expect(await screen.findAllByText('answer for /a')).toHaveLength(2);
  await settle();
  expect(api.requests.map((r) => r.path)).toEqual(['/a']);
});

test('a key nobody shows any more has its request aborted, and its answer never shows', async () => {
  answer = (req) => ({ body: { text: `answer for ${req.path}` }, delayMs: req.path === '/slow' ? 300 : 0 });
  function Switcher() {
    const [path, setPath] = useState('/slow');
    return (
      <>
        <button onClick={() => setPath('/fast')}>otra</button>
        <Show path={path} />
      </>
    );
  }
  render(<Switcher />);
  await waitFor(() => expect(api.requests).toHaveLength(1));
  fireEvent.click(screen.getByRole('button', { name: 'otra' }));
  expect(await screen.findByText('answer for /fast')).toBeInTheDocument();
  await settle();
  expect(aborted).toEqual(['/slow']);
  expect(screen.queryByText('answer for /slow')).toBeNull();
});

test('the answer the server embedded for the key is shown without a request', async () => {
  render(
    <PageDataContext.Provider value={{ 'test:/embedded': 'from the server' }}>
      <Show path="/embedded" />
    </PageDataContext.Provider>,
  );
  expect(screen.getByText('from the server')).toBeInTheDocument();
  await settle();
  expect(api.requests).toHaveLength(0);
});

test('a new version asks again and keeps the data on screen meanwhile', async () => {
  let n = 0;
  answer = () => ({ body: { text: `version ${++n}` }, delayMs: 100 });
  const { rerender } = render(<Show path="/v" version={0} />);
  expect(await screen.findByText('version 1')).toBeInTheDocument();
  rerender(<Show path="/v" version={1} />);
  expect(screen.getByText('version 1').closest('section')).toHaveAttribute('aria-busy', 'true');
  expect(await screen.findByText('version 2')).toBeInTheDocument();
  expect(api.requests).toHaveLength(2);
});

test('with keepPrevious, the last answer stays while another key loads', async () => {
  answer = (req) => ({ body: { text: `answer for ${req.path}` }, delayMs: 150 });
  const { rerender } = render(<Show path="/p1" keepPrevious />);
  expect(await screen.findByText('answer for /p1')).toBeInTheDocument();
  rerender(<Show path="/p2" keepPrevious />);
  expect(screen.getByText('answer for /p1')).toBeInTheDocument();
  expect(await screen.findByText('answer for /p2')).toBeInTheDocument();
});

test('a failure is shown, and Reintentar asks again', async () => {
  answer = () => ({ status: 503, body: { error: 'caído' } });
  render(<Show path="/e" />);
  expect(await screen.findByText('error: HTTP 503')).toBeInTheDocument();
  answer = (req) => ({ body: { text: `answer for ${req.path}` } });
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('answer for /e')).toBeInTheDocument();
  expect(api.requests).toHaveLength(2);
});

test('a key shown again after nobody showed it is asked again (no stale data kept)', async () => {
  const { unmount } = render(<Show path="/again" />);
  expect(await screen.findByText('answer for /again')).toBeInTheDocument();
  unmount();
  await settle();
  render(<Show path="/again" />);
  expect(screen.getByText('loading')).toBeInTheDocument();
  expect(await screen.findByText('answer for /again')).toBeInTheDocument();
  expect(api.requests).toHaveLength(2);
});
