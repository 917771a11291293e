import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { firstScreenDrawn } from '../../pageLoad';
import { AfterFirstPaint } from '../generic/AfterFirstPaint';

/**
 * A part of a screen that nobody uses before its first rows are read (a toolbar's picker, the export button, the
 * bulk bar): its code is asked for only once the page's first screen has drawn its data (src/pageLoad.ts), so that
 * neither its file nor its imports stand between the screen's data and its first rows
 * (tests/browser/firstScreens.test.ts counts them); `placeholder` holds its place until it is drawn.
 */
export function lazyAfterFirstPaint<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: ReactNode = null,
): ComponentType<P> {
  const Part = lazy(() =>
    firstScreenDrawn()
      .then(load)
      .then((component) => ({ default: component })),
  );
  function LaterPart(props: P) {
    return (
      <AfterFirstPaint placeholder={placeholder}>
        <Suspense fallback={placeholder}>
          <Part {...props} />
        </Suspense>
      </AfterFirstPaint>
    );
  }
  return LaterPart;
}
