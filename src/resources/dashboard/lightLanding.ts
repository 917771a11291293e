import { isPhoneLanding } from './phoneLanding';

/**
 * Whether this address opens with Mein Tag's light page (plain React, no react-admin, no MUI) while the full
 * app loads behind it: a phone at the landing itself, without a scope in the address.
 */
export const startsLight = (location: { pathname: string; search: string }): boolean =>
  location.pathname.replace(/\/$/, '') === '/crm/dashboard' && location.search === '' && isPhoneLanding();

/** Mein Tag's light page, imported once per page load (main.tsx starts it beside MSAL on a phone's landing). */
let lightCode: Promise<typeof import('./light/MyDayLight')> | null = null;
export function loadMyDayLight(): Promise<typeof import('./light/MyDayLight')> {
  lightCode ??= import('./light/MyDayLight').catch((error: unknown) => {
    lightCode = null;
    throw error;
  });
  return lightCode;
}
