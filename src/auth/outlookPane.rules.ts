// The Outlook side panel's page (the add-in's task pane) is the one page that loads Office.js and may be framed by
// Outlook on the web. The server sends it with Office.js in its head and its own Content Security Policy
// (server/platform/http/webAppPlugin.ts, securityHeadersPlugin.ts); the service worker leaves it to the server.

/** The task pane's address, the `<SourceLocation>` of the add-in's manifest. */
export const OUTLOOK_PANE_PATH = '/crm/outlook';

/** Office.js from Microsoft's CDN, as Office add-ins must load it (no copy of our own, no npm package). */
export const OFFICE_JS_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

/** Where Outlook on the web (also the new Outlook for Windows) frames the task pane. */
export const OUTLOOK_FRAME_ORIGINS = [
  'https://outlook.office.com',
  'https://outlook.office365.com',
  'https://outlook.cloud.microsoft',
] as const;

/** Whether a request's address (path and query) is the task pane's page. */
export const isOutlookPaneAddress = (url: string): boolean =>
  /^\/crm\/outlook\/?$/.test(url.split(/[?#]/)[0]!);
