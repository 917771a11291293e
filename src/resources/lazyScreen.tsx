import { useEffect, useState, type ComponentType } from 'react';
import { Loading } from 'react-admin';
import type { ScreenLoader } from './resource';

/** A screen whose code loads on first use, and that can be asked for ahead of time. */
export type LazyScreen = ComponentType & {
  /** Loads the screen's code now; once it is there the screen renders at once. */
  preload: () => Promise<void>;
};

/**
 * A screen loaded on first use, shown by a plain state update instead of React.lazy: a lazy component suspends
 * on its first render even when its code has just arrived, and React reveals a suspended screen no sooner than
 * 300 ms after the last Suspense fallback it showed (its throttle for retries). On a cold load the screen's
 * code comes while the frame renders (routeScreens.ts); without Suspense it appears as soon as both are there.
 */
export function lazyScreen(loader: ScreenLoader): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= loader().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed download (network gone) may be tried again when the screen is opened again.
        loading = null;
        throw error;
      },
    ));
  function Screen(props: object) {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, setArrived] = useState(false);
    const Loaded = loaded;
    useEffect(() => {
      if (loaded) return;
      let current = true;
      load().then(
        () => current && setArrived(true),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, []);
    // The layout's error boundary says that the page could not be loaded.
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : <Loading />;
  }
  Screen.preload = load;
  return Screen;
}
