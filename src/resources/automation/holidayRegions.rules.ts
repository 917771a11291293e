/**
 * The regions whose public holidays count for working days: Austria as a whole (its public holidays are the
 * same in every state) and each German Bundesland (they differ). Stored per branch (`branch.holiday_region`);
 * a branch without one counts its country's nationwide holidays.
 */
export const HOLIDAY_REGIONS = [
  { id: 'AT', name: 'Österreich' },
  { id: 'DE-BW', name: 'Deutschland: Baden-Württemberg' },
  { id: 'DE-BY', name: 'Deutschland: Bayern' },
  { id: 'DE-BE', name: 'Deutschland: Berlin' },
  { id: 'DE-BB', name: 'Deutschland: Brandenburg' },
  { id: 'DE-HB', name: 'Deutschland: Bremen' },
  { id: 'DE-HH', name: 'Deutschland: Hamburg' },
  { id: 'DE-HE', name: 'Deutschland: Hessen' },
  { id: 'DE-MV', name: 'Deutschland: Mecklenburg-Vorpommern' },
  { id: 'DE-NI', name: 'Deutschland: Niedersachsen' },
  { id: 'DE-NW', name: 'Deutschland: Nordrhein-Westfalen' },
  { id: 'DE-RP', name: 'Deutschland: Rheinland-Pfalz' },
  { id: 'DE-SL', name: 'Deutschland: Saarland' },
  { id: 'DE-SN', name: 'Deutschland: Sachsen' },
  { id: 'DE-ST', name: 'Deutschland: Sachsen-Anhalt' },
  { id: 'DE-SH', name: 'Deutschland: Schleswig-Holstein' },
  { id: 'DE-TH', name: 'Deutschland: Thüringen' },
] as const;

export type HolidayRegion = string;

/** The region a branch counts by: its own, else its country's nationwide holidays ("AT", "DE"). */
export const holidayRegionOf = (branch: { holidayRegion: string | null; country: string | null }): string =>
  branch.holidayRegion ?? (branch.country === 'DE' ? 'DE' : 'AT');
