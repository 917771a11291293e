import type { ApiClient } from '../dataProvider/httpClient';

let cached: Promise<string[]> | null = null;

/** The signed-in person's groups from user/myGroups, loaded once per page load (SPEC §6). */
export function loadMyGroups(api: ApiClient): Promise<string[]> {
  cached ??= api<{ displayName: string }[]>('user/myGroups')
    .then((groups) => groups.map((g) => g.displayName))
    .catch((error: unknown) => {
      cached = null;
      throw error;
    });
  return cached;
}
