import { useContext, useMemo, type ReactNode } from 'react';
import { UNSAFE_RouteContext as RouteContext } from 'react-router-dom';

/**
 * Passes react-router's route context on unchanged while the route stays the same. react-admin sets its routes
 * again after mounting, and each time every route context below it is a new object, so every screen inside was
 * drawn again (a Kunden list with its filters: 60–120 ms each time on a cold load). A screen behind this draws
 * again only when its route (its path, its parameters) changes.
 */
export function StableRouteContext({ children }: { children: ReactNode }) {
  const context = useContext(RouteContext);
  const route = context.matches
    .map(
      (match) => `${match.route.id}|${match.pathnameBase}|${match.pathname}|${JSON.stringify(match.params)}`,
    )
    .join('\n');
  // The same route with the same outlet is the same context, whatever object react-router made for it.
  const stable = useMemo(() => context, [route, context.outlet, context.isDataRoute]); // eslint-disable-line react-hooks/exhaustive-deps
  return <RouteContext.Provider value={stable}>{children}</RouteContext.Provider>;
}
