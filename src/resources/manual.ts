/**
 * The user manual's paragraph for each admin tab of an area (its entities' and its pages'), by the tab's label,
 * in German for staff (Sie-form): `src/resources/<area>/manual.ts`. Only the server reads it (handbuch.pdf), so
 * the texts cost the web app nothing.
 */
export type ManualTexts = Readonly<Record<string, string>>;

/** Declares an area's manual texts (see ManualTexts). */
export const defineManualTexts = (texts: ManualTexts): ManualTexts => Object.freeze(texts);
