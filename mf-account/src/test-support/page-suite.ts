/**
 * The frame every page test file shares: its recorded API listening on the file's own port for
 * the whole file, and before each test no recorded requests and the store (reset by
 * jest/setup-dom.ts) pointed at it.
 * Call once at the top of the file; answers set with `api.on` stay until replaced.
 */
import { configure } from '@testing-library/react';
import { createRecordedApi, type RecordedApi } from './recorded-api';
import { pointStoreAt } from './render-page';

export function setupPageSuite(port: number): RecordedApi {
  // every test makes real HTTP round trips: more room than the default 5 s
  jest.setTimeout(30_000);
  // findBy/waitFor: typing into antd fields and their validation take seconds on a busy machine
  configure({ asyncUtilTimeout: 10_000 });
  const api = createRecordedApi(port);
  beforeAll(() => api.listen());
  afterAll(() => api.close());
  beforeEach(() => {
    api.requests.length = 0;
    pointStoreAt(api.url);
  });
  return api;
}
