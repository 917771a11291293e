/** A tel: link that dials `phone` (spaces, dashes and brackets dropped; a leading + kept). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/** One line of an address for a maps search, from what is filled in. */
export const addressLine = (parts: { street?: string | null; zip?: string | null; city?: string | null }) =>
  [parts.street, [parts.zip, parts.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * A link that opens the phone's maps app at `address`: Android hands geo: to the chosen maps app, an iPhone
 * opens Apple Maps' link in Karten, anything else gets the address in Google Maps in the browser.
 */
export function mapsHref(address: string, userAgent: string): string {
  const query = encodeURIComponent(address);
  if (/Android/i.test(userAgent)) return `geo:0,0?q=${query}`;
  if (/iPhone|iPad|iPod/i.test(userAgent)) return `https://maps.apple.com/?q=${query}`;
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}
