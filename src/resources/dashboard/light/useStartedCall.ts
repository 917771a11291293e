import { useCallback, useEffect, useState } from 'react';
import { callEndpoint } from '../../../api/callEndpoint';
import type { EndpointDeclaration, ResultOf } from '../../../api/endpoint';
import { loadMyGroups } from '../../../authProvider/myGroups';
import { loadRouteData } from '../../../authProvider/startCrm';
import type { ApiClients } from '../../../dataProvider/httpClient';

/** Mein Tag's calls take no scope: the caller's own day. */
const MY_SCOPE = { query: {} };

export interface StartedCall<T> {
  data?: T;
  error?: Error;
  /** Asks the server again (after a change of the light page's own). */
  reload: () => void;
}

/**
 * One of Mein Tag's calls for the light page: the one `routeData` started for this address (with the groups,
 * beside the page's code), or a call of its own when none was started. Through the app's API client, so that
 * without network the kept copy answers, as for the full app.
 */
export function useStartedCall<E extends EndpointDeclaration>(
  endpoint: E,
  clients: ApiClients,
): StartedCall<ResultOf<E>> {
  const [state, setState] = useState<{ data?: ResultOf<E>; error?: Error }>({});
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    const own = () => callEndpoint({ call: clients.api }, endpoint, MY_SCOPE as never);
    const answer: Promise<ResultOf<E>> =
      round > 0
        ? own()
        : loadRouteData()
            .then(({ routeData }) => routeData(clients, window.location, loadMyGroups(clients.api)))
            .then((queries) => {
              const key = JSON.stringify([endpoint.path, MY_SCOPE]);
              const started = queries.find((query) => JSON.stringify(query.queryKey) === key);
              return started ? (started.promise as Promise<ResultOf<E>>) : own();
            });
    answer.then(
      (data) => current && setState({ data }),
      (error: unknown) =>
        current &&
        setState((before) => ({
          ...before,
          error: error instanceof Error ? error : new Error('Das hat nicht geklappt.'),
        })),
    );
    return () => {
      current = false;
    };
  }, [clients, endpoint, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}
