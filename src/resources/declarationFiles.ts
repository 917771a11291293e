/**
 * The one rule by which the web app and the server find entity declarations:
 * `src/resources/<folder>/<name>.entity.ts`, exactly one folder deep. Paths are relative to
 * src/resources, with "/" between folders (a leading "./" is allowed, as Vite's glob keys have). The server's
 * build (dist-server/) holds the same files compiled, as `.js`.
 */
export const ENTITY_FILE = /^(?:\.\/)?[^/]+\/[^/]+\.entity\.[jt]s$/;

/** Whether a path below src/resources is an entity declaration by that rule. */
export const isEntityFile = (path: string): boolean => ENTITY_FILE.test(path);

/** An area's menu entries: `src/resources/<folder>/menu.ts`, exactly one folder deep, found by both sides. */
export const MENU_FILE = /^(?:\.\/)?[^/]+\/menu\.[jt]s$/;

/** Whether a path below src/resources is an area's menu declaration by that rule. */
export const isMenuFile = (path: string): boolean => MENU_FILE.test(path);

/** An area's admin tabs of hand-made pages: `src/resources/<folder>/tabs.ts`, read by the user manual too. */
export const TABS_FILE = /^(?:\.\/)?[^/]+\/tabs\.[jt]s$/;

/** Whether a path below src/resources is an area's tab declaration by that rule. */
export const isTabsFile = (path: string): boolean => TABS_FILE.test(path);

/** An area's texts for the user manual: `src/resources/<folder>/manual.ts`, read by the server only. */
export const MANUAL_FILE = /^(?:\.\/)?[^/]+\/manual\.[jt]s$/;

/** Whether a path below src/resources is an area's manual texts by that rule. */
export const isManualFile = (path: string): boolean => MANUAL_FILE.test(path);
