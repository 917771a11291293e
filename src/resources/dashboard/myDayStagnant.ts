// Mein Tag's line for the dashboard's figure "Stagnierende Vorgänge" (the caller's own), shared by the light and
// the full page; plain strings, so the light page's first code stays small.

/** The Vorgänge list filtered as the figure counts: mine, Stagnierend (see vorgangListLink's figureFilters). */
export const MY_STAGNANT_LINK = '/crm/vorgang?mine=true&stagnant=true';

/** The line's link text and its explanation, in the figure's words ("3 stagnierende Vorgänge"). */
export function stagnantLineText(count: number) {
  return count === 1
    ? { link: '1 stagnierender Vorgang', note: 'länger ohne Aktivität, als sein Status erlaubt' }
    : {
        link: `${count.toLocaleString('de-DE')} stagnierende Vorgänge`,
        note: 'länger ohne Aktivität, als ihr Status erlaubt',
      };
}
