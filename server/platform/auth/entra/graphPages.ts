/** The largest page Graph serves for directory objects; fewer round trips for big tenants. */
const MAX_PAGES = 50;

/**
 * GETs a Graph collection and follows `@odata.nextLink` (at most 50 pages), sending the token only
 * to `graphBaseUrl` itself whatever a nextLink says.
 */
export async function fetchGraphPages<T>(
  graphBaseUrl: string,
  path: string,
  graphToken: string,
): Promise<T[]> {
  const items: T[] = [];
  let url: string | undefined = `${graphBaseUrl}${path}`;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    if (!url.startsWith(`${graphBaseUrl}/`)) throw new Error(`Unerwarteter nextLink: ${url}`);
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${graphToken}`, ConsistencyLevel: 'eventual' },
    });
    if (!response.ok) throw new Error(`Graph antwortet ${response.status}`);
    const body = (await response.json()) as { value?: T[]; '@odata.nextLink'?: string };
    items.push(...(body.value ?? []));
    url = body['@odata.nextLink'];
  }
  return items;
}
