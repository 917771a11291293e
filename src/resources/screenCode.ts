import type { ComponentType } from 'react';
import type { ScreenLoader } from './resource';

// Keyed by the declared loader: the route's early start (routeData) and the screen itself (lazyScreen) hold the
// same function, so whichever asks first loads the code for both.
const loading = new WeakMap<ScreenLoader, Promise<ComponentType>>();
const arrived = new WeakMap<ScreenLoader, ComponentType>();

/** Loads a screen's code once per page load, for whoever asks first; a failed download may be tried again. */
export function loadScreen(loader: ScreenLoader): Promise<ComponentType> {
  let pending = loading.get(loader);
  if (!pending) {
    pending = loader().then(
      (module) => {
        arrived.set(loader, module.default);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(loader);
        throw error;
      },
    );
    loading.set(loader, pending);
  }
  return pending;
}

/**
 * The screen, if its code has arrived. Known synchronously: an `import()` of a module that is already there still
 * answers one task later, and a frame that renders before that answer draws an empty page first.
 */
export const loadedScreen = (loader: ScreenLoader): ComponentType | undefined => arrived.get(loader);
