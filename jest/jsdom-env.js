// @ts-check
/**
 * jsdom plus Node's own fetch. jsdom has no fetch; the pages talk to a real HTTP server in the
 * tests, so they get the real Node implementation (not a mock) from the outer realm.
 * The environment of every web test (jest.config.js).
 */
const JSDOMEnvironment = require('jest-environment-jsdom').default;

class JSDOMWithFetchEnvironment extends JSDOMEnvironment {
  /**
   * @param {ConstructorParameters<typeof JSDOMEnvironment>[0]} config
   * @param {ConstructorParameters<typeof JSDOMEnvironment>[1]} context
   */
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder });
  }
}

module.exports = JSDOMWithFetchEnvironment;
