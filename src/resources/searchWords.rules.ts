/**
 * The words of a search as every search of the app reads them: split at spaces, commas and semicolons, so that
 * a name typed as shown ("Schwandke, Fiona") or in any order ("Fiona Schwandke") finds the same person. The
 * server's lists and pickers and the device's own lookups (offline) use this one rule.
 */
export function searchWords(text: string): string[] {
  return text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
}

/** Whether `text` holds every word of `search` (searchWords), in any order, case and umlauts as German reads them. */
export function holdsEveryWord(text: string, search: string): boolean {
  const words = searchWords(search.toLocaleLowerCase('de'));
  const hay = text.toLocaleLowerCase('de');
  return words.length > 0 && words.every((word) => hay.includes(word));
}
