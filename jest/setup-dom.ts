/**
 * jsdom lacks what antd and react-slick need (matchMedia with addListener, ResizeObserver,
 * MessageChannel). An unexpected console.error fails the test (epic-stack habit). Every test
 * starts from the portal's initial client state: the one store, its loaded data and the browser's
 * storage are reset here, so suites set only what they need (their API's address, a session).
 */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { resetQueries, setRenderedState, usePortalStore } from 'web-runtime/store';

// jest's 5 s default is a guard against a hung test, not a speed target: a form test with 30 photos
// took 5.4 s beside the browser tests on a loaded 2-core machine. The API suites have 60 s.
jest.setTimeout(20_000);

// react-router 7 needs TextEncoder, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver ??= ResizeObserverStub;
/**
 * A MessageChannel on timers: node's own (worker_threads) keeps the event loop alive and jest
 * never exits once React's scheduler has opened one.
 */
type Listener = (event: { data: unknown }) => void;
class PortStub {
  onmessage: Listener | null = null;
  private listeners: Listener[] = [];
  other!: PortStub;
  postMessage(data: unknown) {
    setTimeout(() => {
      this.other.onmessage?.({ data });
      for (const l of this.other.listeners) l({ data });
    }, 0);
  }
  addEventListener(_type: 'message', l: Listener) {
    this.listeners.push(l);
  }
  removeEventListener(_type: 'message', l: Listener) {
    this.listeners = this.listeners.filter((x) => x !== l);
  }
  start() {}
  close() {}
}
class MessageChannelStub {
  port1 = new PortStub();
  port2 = new PortStub();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}
(globalThis as unknown as { MessageChannel: unknown }).MessageChannel = MessageChannelStub;

beforeEach(() => {
  window.localStorage.clear();
  usePortalStore.setState(usePortalStore.getInitialState(), true);
  setRenderedState(null);
  resetQueries();
});

const originalError = console.error;
beforeEach(() => {
  console.error = (...args: unknown[]) => {
    originalError(...args);
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ').slice(0, 500)}`);
  };
});
afterEach(() => {
  console.error = originalError;
});

// How long findBy/waitFor wait before failing (a passing wait returns as soon as it holds). The
// library's 1 s was too short on a 2-core CI machine busy with other suites: a photo picker that
// reads and shrinks two files showed one thumbnail after 1 s (photo-upload.test.tsx, session 16).
// Suites that wait on slower work still set their own, longer, limit.
configure({ asyncUtilTimeout: 5_000 });
