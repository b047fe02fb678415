import type { ComponentType } from 'react';
import type { CataloguePart } from '../../i18n/catalogue-parts';
import { loadCatalogues } from '../../i18n/intl';
import { storedLocale } from '../../i18n/intl-provider';

/** A screen that has not loaded after this long is given up (spec §9), and the route error page offers a reload. */
export const screenLoadTimeoutMs = 120_000;

type PageModule = { default: ComponentType };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The screen did not load within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A react-router `lazy` that loads a page module on demand, with the load time-out. The texts of
 * the language kept in the browser load with it (signed in just now, that is the user's language),
 * so a screen never shows in English first: the public part of the catalogue, and the signed-in
 * screens' part for those (`part: 'app'`).
 */
export function lazyPage(load: () => Promise<PageModule>, part: CataloguePart = 'public') {
  return async () => {
    const [page] = await withTimeout(Promise.all([load(), loadCatalogues(storedLocale(), part)]), screenLoadTimeoutMs);
    return { Component: page.default };
  };
}
