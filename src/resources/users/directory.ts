import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CrmDataProvider } from '../../dataProvider/entityDataProvider';

/** A directory person not yet described in the CRM (user/getNotDescribedUsers). */
export interface DirectoryPerson {
  azureId: string;
  name: string;
  email: string;
  username: string;
}

/** A location group of a person, with the branch it belongs to (if one has that group). */
export interface DirectoryLocation {
  group: string;
  name: string;
  branchId: number | null;
}

/** Directory people whose name starts with `search`; a failed read is an empty list (SPEC §8). */
export function useNotDescribedUsers(search: string) {
  const dataProvider = useDataProvider<CrmDataProvider>();
  return useQuery({
    queryKey: ['user/getNotDescribedUsers', search],
    queryFn: () =>
      dataProvider
        .call<DirectoryPerson[]>('user/getNotDescribedUsers', { query: { search: search || undefined } })
        .catch(() => []),
    staleTime: 30_000,
  });
}

/** A person's location groups from the directory; empty when unknown or the read fails. */
export function useDirectoryLocations(azureId: string | undefined) {
  const dataProvider = useDataProvider<CrmDataProvider>();
  return useQuery({
    queryKey: ['user/allLocationsFromAzureDirectoryForUser', azureId],
    queryFn: () =>
      dataProvider
        .call<DirectoryLocation[]>('user/allLocationsFromAzureDirectoryForUser', { query: { azureId } })
        .catch(() => []),
    enabled: Boolean(azureId),
    staleTime: 60_000,
  });
}
