import { callEndpoint } from '../api/callEndpoint';
import type { ApiClient } from '../dataProvider/httpClient';
import { getMyGroups } from '../resources/users/users.endpoints';

let cached: Promise<string[]> | null = null;

/** The signed-in person's groups from user/myGroups, loaded once per page load. */
export function loadMyGroups(api: ApiClient): Promise<string[]> {
  cached ??= callEndpoint({ call: api }, getMyGroups)
    .then((groups) => groups.map((g) => g.displayName))
    .catch((error: unknown) => {
      cached = null;
      throw error;
    });
  return cached;
}
