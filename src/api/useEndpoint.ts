import { useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CrmDataProvider } from '../dataProvider/entityDataProvider';
import { callEndpoint } from './callEndpoint';
import type { EndpointDeclaration, EndpointInput, ResultOf } from './endpoint';

type QueryOptions<E extends EndpointDeclaration> = Omit<
  UseQueryOptions<ResultOf<E>, Error>,
  'queryKey' | 'queryFn'
>;

/** The query key of a call: its path and input, so invalidating `[endpoint.path]` refreshes every call of it. */
export const endpointKey = (endpoint: EndpointDeclaration, input?: unknown) =>
  input === undefined ? [endpoint.path] : [endpoint.path, input];

/** Reads a declared endpoint with react-query: cached per input, typed by its declaration. */
export function useEndpoint<E extends EndpointDeclaration>(
  endpoint: E,
  input: EndpointInput<E>,
  options: QueryOptions<E> = {},
) {
  const dataProvider = useDataProvider<CrmDataProvider>();
  return useQuery<ResultOf<E>, Error>({
    queryKey: endpointKey(endpoint, input),
    queryFn: () => callEndpoint(dataProvider, endpoint, input as never),
    ...options,
  });
}

/** Writes through a declared endpoint: `mutate(input)` with the endpoint's own input and result types. */
export function useEndpointMutation<E extends EndpointDeclaration>(
  endpoint: E,
  options: Omit<UseMutationOptions<ResultOf<E>, Error, EndpointInput<E>>, 'mutationFn'> = {},
) {
  const dataProvider = useDataProvider<CrmDataProvider>();
  return useMutation<ResultOf<E>, Error, EndpointInput<E>>({
    mutationFn: (input) => callEndpoint(dataProvider, endpoint, input as never),
    ...options,
  });
}
