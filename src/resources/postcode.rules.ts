/** Why a postcode does not fit its country (Austria 4 digits, Germany 5), or null when it fits. */
export function postcodeProblem(country: string | null | undefined, zip: string): string | null {
  if (country === 'DE') return /^\d{5}$/.test(zip) ? null : 'Eine deutsche PLZ hat 5 Ziffern.';
  return /^\d{4}$/.test(zip) ? null : 'Eine österreichische PLZ hat 4 Ziffern.';
}
