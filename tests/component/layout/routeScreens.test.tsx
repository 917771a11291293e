import { act, render, screen } from '@testing-library/react';
import { Component, useEffect, useState, type ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { StableRouteContext } from '../../../src/layout/StableRouteContext';
import { lazyScreen } from '../../../src/resources/lazyScreen';
import { routeTarget } from '../../../src/resources/routeTarget';
import { loadScreen } from '../../../src/resources/screenCode';
import { renderInAdmin } from '../support/render';

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>Fehler: {this.state.error}</p> : this.props.children;
  }
}

const Kunden = () => <p>Kundenliste</p>;

// A cold load asks for the screen of its address while the frame loads; the screen then appears with
// the frame, without a Suspense fallback first (React reveals a suspended screen no sooner than 300 ms after the
// last fallback it showed).
describe('the screens of the CRM routes', () => {
  it('knows which page or view an address opens, as the router ranks the routes', () => {
    expect(routeTarget('/crm/kunden')).toEqual({ entity: 'kunden', kind: 'list' });
    expect(routeTarget('/crm/kunden/')).toEqual({ entity: 'kunden', kind: 'list' });
    expect(routeTarget('/crm/kunden/create')).toEqual({ entity: 'kunden', kind: 'create' });
    expect(routeTarget('/crm/kunden/12')).toEqual({ entity: 'kunden', kind: 'edit' });
    expect(routeTarget('/crm/kunden/12/show')).toEqual({ entity: 'kunden', kind: 'show' });
    expect(routeTarget('/crm/admin/labels')).toEqual({ entity: 'admin/labels', kind: 'list' });
    expect(routeTarget('/crm/dashboard')).toEqual({ page: 'dashboard' });
    expect(routeTarget('/crm/vorgang')).toEqual({ page: 'vorgang' });
    expect(routeTarget('/crm/vorgang/faellig')).toEqual({ page: 'vorgang/faellig' });
    expect(routeTarget('/crm/vorgang/4711')).toEqual({ page: 'vorgang/:id' });
    expect(routeTarget('/crm/vorgang/kartenansicht/4711')).toEqual({ page: 'vorgang/kartenansicht/*' });
    expect(routeTarget('/crm/gibt-es-nicht')).toBeNull();
  });

  it('draws a preloaded screen at once, without a loading state in between', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: Kunden }));
    await Screen.preload();
    renderInAdmin(<Screen />);
    // Synchronously after the first render: no fallback, no waiting for a retry.
    expect(screen.getByText('Kundenliste')).toBeTruthy();
  });

  it('draws a screen whose code the early start of its address loaded in its first render, and loads it once', async () => {
    const loader = vi.fn(() => Promise.resolve({ default: Kunden }));
    // As routeData asks for it, with the declared loader, before the frame and its screens exist.
    await loadScreen(loader);
    const Screen = lazyScreen(loader);
    renderInAdmin(<Screen />);
    // An import() of code already there answers only a task later: the frame would first draw an empty page.
    expect(screen.getByText('Kundenliste')).toBeTruthy();
    await Screen.preload();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('loads a screen opened before its code is there, once', async () => {
    let arrive: (module: { default: typeof Kunden }) => void = () => undefined;
    const loader = vi.fn(() => new Promise<{ default: typeof Kunden }>((resolve) => (arrive = resolve)));
    const Screen = lazyScreen(loader);
    void Screen.preload();
    renderInAdmin(<Screen />);
    expect(screen.queryByText('Kundenliste')).toBeNull();
    await act(async () => arrive({ default: Kunden }));
    expect(await screen.findByText('Kundenliste')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('reports a screen whose code could not be loaded, and tries again when it is opened again', async () => {
    const loader = vi
      .fn<() => Promise<{ default: typeof Kunden }>>()
      .mockRejectedValueOnce(new Error('Netzwerk weg'))
      .mockResolvedValueOnce({ default: Kunden });
    const Screen = lazyScreen(loader);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = renderInAdmin(
      <Boundary>
        <Screen />
      </Boundary>,
    );
    expect(await screen.findByText('Fehler: Netzwerk weg')).toBeTruthy();
    first.unmount();
    renderInAdmin(<Screen />);
    expect(await screen.findByText('Kundenliste')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(2);
    vi.mocked(console.error).mockRestore();
  });
});

describe('a screen behind StableRouteContext', () => {
  it('is not drawn again when the routes around it are, only when its own route changes', async () => {
    const renders: string[] = [];
    function Probe() {
      // A consumer of the route context, as every react-admin screen is (links, navigation, list params).
      const { id } = useParams();
      useNavigate();
      renders.push(id ?? '-');
      return <p>Vorgang {id}</p>;
    }
    const screenElement = (
      <StableRouteContext>
        <Probe />
      </StableRouteContext>
    );
    let redraw: () => void = () => undefined;
    function Frame() {
      // Like react-admin after mounting: the same routes, set again, so every route context is a new object.
      const [, setRound] = useState(0);
      useEffect(() => {
        redraw = () => setRound((n) => n + 1);
      }, []);
      return (
        <Routes>
          <Route path="/vorgang/:id" element={screenElement} />
        </Routes>
      );
    }
    render(
      <MemoryRouter initialEntries={['/vorgang/7']}>
        <Frame />
        <Link to="/vorgang/8">weiter</Link>
      </MemoryRouter>,
    );
    expect(renders).toEqual(['7']);
    act(() => redraw());
    act(() => redraw());
    expect(renders).toEqual(['7']);
    await act(async () => screen.getByText('weiter').click());
    expect(await screen.findByText('Vorgang 8')).toBeTruthy();
    expect(renders).toEqual(['7', '8']);
  });
});
