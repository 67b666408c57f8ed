/**
 * jsdom lacks what antd and react-slick need (matchMedia with addListener, ResizeObserver,
 * MessageChannel). An unexpected console.error fails the test (epic-stack habit).
 */
import '@testing-library/jest-dom';
import { MessageChannel } from 'node:worker_threads';

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
(globalThis as unknown as { MessageChannel: unknown }).MessageChannel ??= MessageChannel;

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
