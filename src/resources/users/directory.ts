import { useQuery } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { getDirectoryLocations, getNotDescribedUsers } from './users.endpoints';

export type { DirectoryLocation, DirectoryPerson } from './users.endpoints';

/** Directory people whose name starts with `search`; a failed read is an empty list, silently. */
export function useNotDescribedUsers(search: string) {
  const api = useEndpointClient();
  return useQuery({
    queryKey: [...endpointKey(getNotDescribedUsers), search],
    queryFn: () => api.call(getNotDescribedUsers, { query: { search: search || undefined } }).catch(() => []),
    staleTime: 30_000,
  });
}

/** A person's location groups from the directory; empty when unknown or the read fails. */
export function useDirectoryLocations(azureId: string | undefined) {
  const api = useEndpointClient();
  return useQuery({
    queryKey: [...endpointKey(getDirectoryLocations), azureId],
    queryFn: () => api.call(getDirectoryLocations, { query: { azureId: azureId! } }).catch(() => []),
    enabled: Boolean(azureId),
    staleTime: 60_000,
  });
}
