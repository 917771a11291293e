import { importOnce } from '../../importOnce';
import { isPhoneLanding } from './phoneLanding';

/**
 * Whether this address opens with Mein Tag's light page (plain React, no react-admin, no MUI) while the full
 * app loads behind it: a phone at the landing itself, without a scope in the address.
 */
export const startsLight = (location: { pathname: string; search: string }): boolean =>
  location.pathname.replace(/\/$/, '') === '/crm/dashboard' && location.search === '' && isPhoneLanding();

type LightModule = typeof import('./light/MyDayLight');

const lightPage = importOnce(() => import('./light/MyDayLight'));

/** Mein Tag's light page, imported once per page load (main.tsx starts it beside MSAL on a phone's landing). */
export const loadMyDayLight = (): Promise<LightModule> => lightPage.load();

/**
 * The light page's code when it is here already: CrmGuard then draws the page in its first render, in the place
 * of the one drawn before the sign-in was confirmed, without a frame of anything else between them.
 */
export const loadedMyDayLight = (): LightModule | null => lightPage.loaded();
