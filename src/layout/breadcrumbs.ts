import { AREAS } from '../resources/areas';
import { ENTITIES, PAGES } from '../resources/registry';

/** A breadcrumb entry: label and url. */
export interface Crumb {
  label: string;
  url: string;
}

/** Route data: the breadcrumb label of each path segment below /crm, from the declarations. */
const ROUTE_LABELS: Record<string, string> = {
  'access-denied': 'Keine Berechtigung',
  ...Object.fromEntries(Object.values(AREAS).map((area) => [area.path, area.label])),
  ...Object.fromEntries(ENTITIES.map((entity) => [entity.name, entity.label.many])),
  // A page that keeps its own sub-routes (the Kartenansicht's opened card) is named by its path without /*.
  ...Object.fromEntries(PAGES.map((page) => [page.path.replace(/\/\*$/, ''), page.label])),
};

const ACTION_LABELS: Record<string, string> = { create: 'Neu', show: 'Ansicht' };

/** What a record's crumb shows until its page has named it (the page's code and the record are still on the way). */
export const UNNAMED_RECORD = '…';

/**
 * The trail for a path below /crm: route labels, then labels pages added for their own URL (a
 * customer's name). Every record page names itself once its record is there; until then its crumb is a
 * placeholder, not the id in the address, which people took for the record's number.
 */
export function breadcrumbTrail(pathname: string, added: Readonly<Record<string, string>>): Crumb[] {
  const segments = pathname
    .replace(/^\/crm\/?/, '')
    .split('/')
    .filter(Boolean);
  const trail: Crumb[] = [];
  for (let i = 0; i < segments.length; i++) {
    const key = segments.slice(0, i + 1).join('/');
    const url = `/crm/${key}`;
    // A record's own page (…/12/show) is one crumb with the record's name, not "… › Kunde".
    if (segments[i] === 'show' && added[url] && /^\d+$/.test(segments[i - 1] ?? '')) {
      trail[trail.length - 1] = { label: added[url], url };
      continue;
    }
    // Two ids in a row address one page (the Dubletten's pair …/26/2001): the first alone has no page to link.
    if (/^\d+$/.test(segments[i]!) && /^\d+$/.test(segments[i + 1] ?? '')) continue;
    const label =
      added[url] ??
      ROUTE_LABELS[key] ??
      ACTION_LABELS[segments[i]!] ??
      (/^\d+$/.test(segments[i]!) ? UNNAMED_RECORD : undefined);
    if (label) trail.push({ label, url });
  }
  // The Vorgangsübersicht's own page is its list of Vorgänge (its empty path is the Vorgänge list).
  if (segments.join('/') === 'vorgang') trail.push({ label: 'Vorgänge', url: '/crm/vorgang' });
  return trail;
}
