import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A component whose module loads on first use, like React.lazy, or ahead of time by `preload`
 * (the login page loads what 'Masuk' leads to while the user types). Once the module is here it
 * renders at once: React.lazy suspends on its first render even when the import has resolved,
 * and React then holds the content back for up to 300 ms after showing a fallback.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        pending = undefined; // a failed download may be tried again
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload });
}
