import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component whose code is fetched the first time it renders, so that it stays out of the
 * initial JavaScript (dialogs, the Properties editors, the Advanced panel).
 * @example const Palette = lazyComponent(() => import('./FunctionPalette').then((m) => m.FunctionPalette));
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
