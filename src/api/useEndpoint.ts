import { useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { CrmDataProvider } from '../dataProvider/entityDataProvider';
import { callEndpoint, downloadFromEndpoint, uploadToEndpoint, type InputArgs } from './callEndpoint';
import { endpointKey, type EndpointDeclaration, type EndpointInput, type ResultOf } from './endpoint';

type QueryOptions<E extends EndpointDeclaration> = Omit<
  UseQueryOptions<ResultOf<E>, Error>,
  'queryKey' | 'queryFn'
>;

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

/** Calls declared endpoints from event handlers: `call`, `download` (bytes) and `upload` (with progress). */
export function useEndpointClient() {
  const dataProvider = useDataProvider<CrmDataProvider>();
  return useMemo(
    () => ({
      call: <E extends EndpointDeclaration>(endpoint: E, ...input: InputArgs<E>) =>
        callEndpoint(dataProvider, endpoint, ...input),
      download: <E extends EndpointDeclaration & { kind: 'file' }>(endpoint: E, ...input: InputArgs<E>) =>
        downloadFromEndpoint(dataProvider, endpoint, ...input),
      upload: <E extends EndpointDeclaration & { kind: 'upload' }>(
        endpoint: E,
        input: EndpointInput<E>,
        file: File,
        onProgress?: (share: number) => void,
      ) => uploadToEndpoint(dataProvider, endpoint, input, file, onProgress),
    }),
    [dataProvider],
  );
}
