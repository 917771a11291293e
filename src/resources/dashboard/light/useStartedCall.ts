import { useCallback, useEffect, useState } from 'react';
import { callEndpoint } from '../../../api/callEndpoint';
import type { EndpointDeclaration, ResultOf } from '../../../api/endpoint';
import { hasAnyGroup } from '../../../auth/groups';
import { loadMyGroups } from '../../../authProvider/myGroups';
import { loadRouteData } from '../../../authProvider/startCrm';
import type { ApiClients } from '../../../dataProvider/httpClient';

/** Mein Tag's calls take no scope: the caller's own day. */
const MY_SCOPE = { query: {} };

export interface StartedCall<T> {
  data?: T;
  error?: Error;
  /** Whether `data` is the call's answer (network, or the kept copy without it), not the day read at start. */
  answered: boolean;
  /** Asks the server again (after a change of the light page's own). */
  reload: () => void;
}

/**
 * One of Mein Tag's calls for the light page: the one `routeData` started for this address (with the groups,
 * beside the page's code), or a call of its own when none was started. Through the app's API client, so that
 * without network the kept copy answers, as for the full app. `kept`: what this device kept of the answer,
 * shown until the call answers. Without `clients` (drawn before the sign-in is confirmed): only `kept`.
 */
export function useStartedCall<E extends EndpointDeclaration>(
  endpoint: E,
  clients: ApiClients | null,
  kept?: ResultOf<E>,
): StartedCall<ResultOf<E>> {
  const [state, setState] = useState<{ data?: ResultOf<E>; error?: Error; answered: boolean }>(() => ({
    data: kept,
    answered: false,
  }));
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!clients) return;
    let current = true;
    const own = () => callEndpoint({ call: clients.api }, endpoint, MY_SCOPE as never);
    const answer: Promise<ResultOf<E>> =
      round > 0
        ? own()
        : loadRouteData()
            .then(({ routeData }) => routeData(clients, window.location, loadMyGroups(clients.api)))
            .then(async (queries) => {
              const key = JSON.stringify([endpoint.path, MY_SCOPE]);
              const started = queries.find((query) => JSON.stringify(query.queryKey) === key);
              if (started) return started.promise as Promise<ResultOf<E>>;
              // routeData starts only what the person's groups allow. Without them the full app takes over
              // (its page for people without customer access): no call the server would refuse with a 403.
              const groups = await loadMyGroups(clients.api);
              if ('groups' in endpoint.access && !hasAnyGroup(groups, endpoint.access.groups)) {
                return new Promise<never>(() => undefined);
              }
              return own();
            });
    answer.then(
      (data) => current && setState({ data, answered: true }),
      (error: unknown) =>
        current &&
        setState((before) => ({
          ...before,
          answered: true,
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
