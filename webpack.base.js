// @ts-check
/**
 * One config factory for the web apps (the shell and the remotes of
 * shared-contracts/src/web-apps.js): each app's webpack.config.js is `configFor(__dirname)`.
 *
 * - ts-loader in transpile-only mode (type checking is `npm run typecheck`, once for the repo).
 * - @module-federation/enhanced with the shared singletons of shared-contracts/src/shared-modules.js
 *   (the list the contract check reads too).
 * - antd is shared per component under the 'antd/' prefix and PROVIDED BY THE SHELL ONLY
 *   (remotes declare it with import:false), so there is one copy of each component and the
 *   shell's theme reaches remote components through context (docs/decisions/0002-antd-sharing.md).
 *   A remote running standalone bundles its own antd.
 * - `[name].js` for entries (remoteEntry.js must keep its name), contenthash on chunks.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { SHARED_MODULES, WORKSPACE_PACKAGES } = require('./shared-contracts/src/shared-modules');
const { REMOTE_APPS, SHELL_APP } = require('./shared-contracts/src/web-apps');
const { exposesOf } = require('./shared-contracts/src/page-manifest');

/**
 * @typedef {import('@module-federation/sdk').moduleFederationPlugin.ModuleFederationPluginOptions} FederationOptions
 * @typedef {import('@module-federation/sdk').moduleFederationPlugin.SharedObject} SharedObject
 * @typedef {{ standalone?: unknown }} ConfigEnv  webpack's --env flags
 * @typedef {{ mode?: string }} ConfigArgv  webpack's arguments
 * @typedef {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }} Config
 * @typedef {(env?: ConfigEnv, argv?: ConfigArgv) => Config} ConfigFactory
 */

/** @type {{ packages: Record<string, { version?: string } & Record<string, unknown>> }} */
const lock = require('./package-lock.json');

/**
 * The installed version of a dependency, for requiredVersion.
 * @param {string} name
 */
function installedVersion(name) {
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry) throw new Error(`webpack.base.js: ${name} is not installed`);
  return `^${entry.version}`;
}

/**
 * The version a shared module is built against: a workspace package's own, else the installed one.
 * @param {string} pkg
 */
function sharedVersion(pkg) {
  return WORKSPACE_PACKAGES.includes(pkg) ? `^${require(`./${pkg}/package.json`).version}` : installedVersion(pkg);
}

/**
 * The shared modules (the one list: shared-contracts/src/shared-modules.js) and antd. What the
 * shell alone provides (antd, the modules marked `shell`) is left out of a remote's build
 * (import: false) when `provideAntd` is false; the server builds keep their own copy of the
 * `shell` modules (`shellModules: true`), which are only drawn in the browser.
 * @param {{ provideAntd: boolean, shellModules?: boolean }} options
 * @returns {SharedObject}
 */
function sharedConfig({ provideAntd, shellModules = provideAntd }) {
  return {
    ...Object.fromEntries(
      SHARED_MODULES.map((m) => [m.name, { singleton: true, requiredVersion: sharedVersion(m.package), ...(m.shell && !shellModules ? { import: false } : {}) }]),
    ),
    'antd/': { singleton: true, requiredVersion: installedVersion('antd'), ...(provideAntd ? {} : { import: false }) },
  };
}

/**
 * One copy of the federation runtime per page: the shell bundles it and hands it to the remotes
 * (provideExternalRuntime), whose remoteEntry then leaves it out (externalRuntime): about 20 KB
 * gzip less per remote on the first page. A remote running standalone is its own host and keeps
 * its runtime. Remotes are registered by remoteEntry URL, not by manifest snapshot, and only run
 * in browsers, so the snapshot code and the Node paths are left out too.
 * (docs/decisions/0004-first-load-budget.md)
 * @param {{ isShell: boolean, standalone: boolean }} app
 * @returns {FederationOptions['experiments']}
 */
function federationExperiments({ isShell, standalone }) {
  /** @type {{ disableSnapshot: boolean, target: 'web' }} */
  const optimization = { disableSnapshot: true, target: 'web' };
  if (isShell) return { provideExternalRuntime: true, optimization };
  if (standalone) return { optimization };
  return { externalRuntime: true, optimization };
}

/**
 * webpack's mode: --mode, else NODE_ENV, else production.
 * @param {ConfigArgv} argv
 * @returns {'production' | 'development' | 'none'}
 */
function modeOf(argv) {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  if (mode === 'production' || mode === 'development' || mode === 'none') return mode;
  throw new Error(`webpack.base.js: mode "${mode}" (--mode or NODE_ENV) is not production, development or none`);
}

/**
 * @param {object} opts
 * @param {string} opts.dir        the app's folder (__dirname)
 * @param {string} opts.name       federation name (mf_search, shell, ...)
 * @param {number} opts.port       dev-server port
 * @param {Record<string,string>} [opts.exposes]
 * @param {boolean} [opts.isShell]
 * @returns {ConfigFactory}
 */
function createConfig({ dir, name, port, exposes = {}, isShell = false }) {
  return (env = {}, argv = {}) => {
    const mode = modeOf(argv);
    const isProd = mode === 'production';
    // A remote served by its own dev server is its own host (QA harness): it brings its own antd.
    // `npm run dev` serves remotes for the shell (PORTAL_REMOTE_MODE=federated): they use the shell's antd.
    const standalone =
      !isShell && (Boolean(env.standalone) || (process.env.WEBPACK_SERVE === 'true' && process.env.PORTAL_REMOTE_MODE !== 'federated'));
    const provideAntd = isShell || standalone;

    return {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        filename: '[name].js',
        chunkFilename: isProd ? 'chunks/[name].[contenthash:10].js' : 'chunks/[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: isShell ? '/' : 'auto',
        uniqueName: name,
        // the server build (createServerConfig) writes dist/server in the same build
        clean: { keep: /^server[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        // workspace packages are linked; resolve their dependencies from the root
        symlinks: true,
        // The federation runtime is reached both by import (ESM build) and by require (CJS build);
        // without these the shell bundled both copies (+20 KB gzip). One file each.
        alias: {
          '@module-federation/runtime-core$': require.resolve('@module-federation/runtime-core').replace(/\.cjs$/, '.js'),
          '@module-federation/sdk$': require.resolve('@module-federation/sdk').replace(/\.cjs$/, '.js'),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } },
          },
          // Our CSS that a server-rendered page already carries is not written again
          // (style-tag-transform.js). No CSS source maps in production: css-loader follows
          // `devtool` and inlined a base64 map into every CSS string of the bundle (two thirds of
          // its bytes), which also made the text differ from the server's copy.
          {
            test: /\.css$/,
            use: [
              { loader: 'style-loader', options: { styleTagTransform: path.join(__dirname, 'scripts', 'webpack', 'style-tag-transform.js') } },
              { loader: 'css-loader', options: { sourceMap: !isProd } },
            ],
          },
          // antd's rc-components carry no side effects on import but do not say so: without this,
          // any antd field (Select, Input) pulled the whole of @rc-component/form (13 KB gzip) onto
          // the first page through antd's form context. Lets webpack drop their unused modules.
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
          // inline: the same URL in the browser and the server build (hydration), whatever path serves the remote
          { test: /\.svg$/i, type: 'asset/inline' },
          { test: /\.(png|jpe?g|gif|webp)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isShell ? undefined : 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedConfig({ provideAntd }),
          dts: false,
          manifest: isShell ? false : { fileName: 'mf-manifest.json' },
          experiments: federationExperiments({ isShell, standalone }),
        }),
        new HtmlWebpackPlugin({
          template: path.join(dir, 'public', 'index.html'),
          inject: 'body',
          scriptLoading: 'defer',
          chunks: ['main'],
        }),
        new CopyWebpackPlugin({
          patterns: [{ from: path.join(dir, 'public'), globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }],
        }),
      ],
      optimization: {
        // one runtime per container, as federation expects
        runtimeChunk: false,
      },
      performance: { hints: false },
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: { directory: path.join(dir, 'public'), watch: false },
        // Reachable as localhost (the README) or 127.0.0.1 (the tests). The live-reload socket keeps
        // its default address (this server's): a remote's entry runs inside another app's page, and
        // a socket that followed the page's host would hear the other server's builds and reload
        // the page over and over.
        allowedHosts: ['localhost', '127.0.0.1'],
        client: { overlay: { warnings: false, errors: true } },
      },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };
  };
}

/**
 * The Node build of an app, for server rendering (docs/decisions/0008-server-rendering.md):
 * Module Federation on Node as in module-federation-examples/server-side-rendering —
 * `target: 'async-node'`, `library: commonjs-module`, the `@module-federation/node` runtime plugin
 * (chunks read from disk next to the entry). Written to dist/server/. A remote's server build has
 * the same name, exposes and shared modules as its browser build; the shell's is the renderer
 * (shell/src/server), loaded by the site server, which provides React and antd to the remotes.
 * CSS is not injected on the server: our own CSS files register their text for the renderer to
 * put in <head>; CSS from packages (leaflet, slick) is only used by parts drawn in the browser.
 * @param {object} opts
 * @param {string} opts.dir
 * @param {string} opts.name
 * @param {Record<string,string>} [opts.exposes]
 * @param {boolean} [opts.isShell]
 * @returns {ConfigFactory}
 */
function createServerConfig({ dir, name, exposes = {}, isShell = false }) {
  return (env = {}, argv = {}) => {
    const mode = modeOf(argv);
    const app = path.basename(dir);
    return {
      mode,
      context: dir,
      name: `${app}-server`,
      // a remote's server build is its remoteEntry alone
      entry: isShell ? { server: './src/server/index.ts' } : /** @type {import('webpack').EntryObject} */ ({}),
      devtool: false,
      target: 'async-node',
      // the wrapper's __dirname: the runtime plugin reads chunks from the entry's own folder
      node: { __dirname: false, __filename: false },
      output: {
        path: path.join(dir, 'dist', 'server'),
        filename: '[name].js',
        chunkFilename: 'chunks/[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: '/',
        uniqueName: `${name}_server`,
        library: { type: 'commonjs-module' },
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        symlinks: true,
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } },
          },
          {
            test: /\.css$/,
            oneOf: [
              { resource: /node_modules/, use: path.join(__dirname, 'scripts', 'webpack', 'ssr-css-loader.js') + '?skip' },
              { use: { loader: path.join(__dirname, 'scripts', 'webpack', 'ssr-css-loader.js'), options: { app } } },
            ],
          },
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
          { test: /\.svg$/i, type: 'asset/inline' },
          // same names as the browser build; never fetched by the server
          { test: /\.(png|jpe?g|gif|webp)$/i, type: 'asset/resource', generator: { emit: false } },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isShell ? undefined : 'remoteEntry.js',
          exposes,
          remotes: {},
          library: isShell ? undefined : { type: 'commonjs-module', name },
          remoteType: 'script',
          // the shell provides antd on the server as in the browser (decision 0002)
          shared: sharedConfig({ provideAntd: isShell, shellModules: true }),
          runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
          dts: false,
          manifest: false,
        }),
      ],
      optimization: { runtimeChunk: false, minimize: false },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };
  };
}

/**
 * An app's webpack config from its entry in shared-contracts/src/web-apps.js (found by its folder):
 * federation name, dev port, exposes (the page manifest's), and `.server`, the Node build, when
 * the app draws part of a server-rendered page.
 * @param {string} dir  the app's folder (its webpack.config.js's __dirname)
 * @returns {ConfigFactory & { server?: ConfigFactory }}
 */
function configFor(dir) {
  const folder = path.basename(dir);
  const remote = REMOTE_APPS.find((app) => app.dir === folder);
  const app = remote ?? (folder === SHELL_APP.dir ? SHELL_APP : null);
  if (!app) throw new Error(`webpack.base.js: ${folder} is not in shared-contracts/src/web-apps.js`);
  const options = { dir, name: app.name, port: app.devPort, isShell: !remote, exposes: remote ? exposesOf(remote.name) : {} };
  const browser = createConfig(options);
  return app.serverBuild ? Object.assign(browser, { server: createServerConfig(options) }) : browser;
}

module.exports = { configFor };
