const COUNTRY_CODES: Record<string, string> = { AT: '43', DE: '49' };

/**
 * A phone number in one international shape, so search and duplicate checks find it however it was typed:
 * "0463 / 12 34-56" (Austria) → "+43 463 123456", "0049 89 555123" → "+49 89 555123".
 */
export function normalizePhone(input: string, country: string | null | undefined): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const groups = trimmed
    .replace(/[/().-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  let head = groups.join(' ');
  if (head.startsWith('00')) head = `+${head.slice(2)}`;
  else if (head.startsWith('0')) head = `+${COUNTRY_CODES[country ?? 'AT'] ?? '43'} ${head.slice(1)}`;
  // "+43 (0) 463": the trunk zero after a country code is dropped.
  head = head.replace(/^(\+\d{2}) 0 ?/, '$1 ');
  const [code = '', area = '', ...rest] = head.split(' ');
  return rest.length ? `${code} ${area} ${rest.join('')}` : [code, area].filter(Boolean).join(' ');
}
