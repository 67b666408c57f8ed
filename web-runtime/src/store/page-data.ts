/**
 * The data the server rendered a page with, by key (`anuncio:<id>`, `search:/?page=2`). Provided
 * by the shell's renderer on the server and by the shell while hydrating (from the embedded
 * payload); a page that finds its key starts from it instead of fetching. Part of the shared
 * store module so shell and remotes see one context.
 */
import { createContext, useContext } from 'react';

export const PageDataContext = createContext<Record<string, unknown>>({});

export function usePageData<T>(key: string): T | undefined {
  return useContext(PageDataContext)[key] as T | undefined;
}
