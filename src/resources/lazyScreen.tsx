import { useEffect, useState, type ComponentType } from 'react';
import { Loading } from 'react-admin';
import type { ScreenLoader } from './resource';
import { loadedScreen, loadScreen } from './screenCode';

/** A screen whose code loads on first use, and that can be asked for ahead of time. */
export type LazyScreen = ComponentType & {
  /** Loads the screen's code now; once it is there the screen renders at once. */
  preload: () => Promise<void>;
};

/**
 * A screen loaded on first use, shown by a plain state update instead of React.lazy: a lazy component suspends
 * on its first render even when its code has just arrived, and React reveals a suspended screen no sooner than
 * 300 ms after the last Suspense fallback it showed (its throttle for retries). Its code is shared with the
 * address's early start (screenCode.ts): code that came before the frame renders is drawn in the frame's first render.
 */
export function lazyScreen(loader: ScreenLoader): LazyScreen {
  function Screen(props: object) {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, setArrived] = useState(false);
    const Loaded = loadedScreen(loader);
    useEffect(() => {
      if (loadedScreen(loader)) return;
      let current = true;
      loadScreen(loader).then(
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
  Screen.preload = () => loadScreen(loader).then(() => undefined);
  return Screen;
}
