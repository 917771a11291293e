import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../support/app';
import { createTestDataProvider } from '../support/client';

// build/README.md ("The frame is drawn once"): with no locale in react-admin's store, its
// I18nContextProvider renders nothing on its first render and the whole app one effect later. We leave it so
// (storing `de` up front made cold dashboards 3–9 % slower), and CrmAdmin's comment relies on it.

/** Whether the app inside AdminContext had drawn when React committed the first time. */
function drawnInFirstCommit(store: ReturnType<typeof memoryStore>): boolean {
  let drawn = false;
  let atFirstCommit: boolean | null = null;
  function App() {
    drawn = true;
    return <p>App</p>;
  }
  function FirstCommit({ children }: { children: ReactNode }) {
    // A parent's layout effect runs after its whole subtree of that commit is in the DOM.
    useLayoutEffect(() => {
      atFirstCommit ??= drawn;
    }, []);
    return <>{children}</>;
  }
  render(
    <FirstCommit>
      <AdminContext dataProvider={createTestDataProvider()} i18nProvider={i18nProvider} store={store}>
        <App />
      </AdminContext>
    </FirstCommit>,
  );
  expect(drawn).toBe(true);
  return atFirstCommit!;
}

describe("react-admin's I18nContextProvider", () => {
  it('draws nothing in the first commit while no locale is stored', () => {
    expect(drawnInFirstCommit(memoryStore())).toBe(false);
  });

  it('draws the app at once when the stored locale is the provider’s', () => {
    expect(drawnInFirstCommit(memoryStore({ locale: i18nProvider.getLocale() }))).toBe(true);
  });
});
