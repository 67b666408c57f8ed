/**
 * The shell's server build (webpack.base.js createServerConfig): what the site server loads to
 * render the public pages. Async boundary, as the browser entry: shared modules (React, antd,
 * the store) are negotiated before the renderer's code runs.
 */
import type { Renderer, RendererOptions, ServerBuild } from 'shared-contracts';

export type { Renderer, RendererOptions, RenderResult, ServerBuild } from 'shared-contracts';

export async function createRenderer(options: RendererOptions): Promise<Renderer> {
  const { createRenderer: create } = await import('./renderer');
  return create(options);
}

/**
 * The landing pages' addresses, for the site server's sitemap (one writing of them: landing.ts).
 * Imported lazily: a static import here would run before the shared modules are negotiated.
 */
export async function loadLandingPath() {
  return (await import('shared-contracts')).landingPath;
}

// what the site server reads this module as (shell/server/ssr.mjs): a change that breaks it fails the typecheck
({ createRenderer, loadLandingPath }) satisfies ServerBuild;
