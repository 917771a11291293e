/** Below 600 px the landing is Mein Tag (MyDayPhonePage) instead of the desk's dashboard. */
export const PHONE_LANDING_QUERY = '(max-width: 599.95px)';

/** Whether this window gets Mein Tag; decided when the page's code is loaded (a phone stays a phone). */
export const isPhoneLanding = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(PHONE_LANDING_QUERY).matches;
