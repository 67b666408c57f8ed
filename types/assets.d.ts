declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}

/** webpack's require.context as an ES module API (the standalone harness's page modules). */
interface ImportMeta {
  webpackContext(request: string, options?: { recursive?: boolean; regExp?: RegExp }): { keys(): string[]; (key: string): unknown };
}
