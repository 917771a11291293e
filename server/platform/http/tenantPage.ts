/** What a page's head says about the tenant before any script runs (tab, home screen, browser's bar). */
export interface TenantHead {
  /** The tab's title (LOGIN_TITLE: "Rekord Vertriebs-CRM"). */
  title: string;
  /** The tab's icon (FAVICON: the tenant's favicon.svg). */
  favicon: string;
  /** The browser bar's colour on a phone and of the installed app: the app theme's colour, as the manifest's. */
  themeColor: string;
  /** The icon iOS puts on the home screen (it ignores the manifest's icons and SVG). */
  appleTouchIcon: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The build's page (index.html and the pages made from it: neutral title "Fenster CRM" and the generic icon) with
 * the tenant's title, favicon, theme colour and home-screen icon, so the tab and an installed app show the tenant
 * from the first byte. Throws when the page lacks the parts it replaces (a changed index.html must keep them).
 */
export function withTenantHead(html: string, head: TenantHead): string {
  const title = /<title>[^<]*<\/title>/;
  const icon = /<link rel="icon"[^>]*>/;
  const viewport = /<meta name="viewport"[^>]*>/;
  for (const [part, pattern] of [
    ['<title>', title],
    ['<link rel="icon">', icon],
    ['<meta name="viewport">', viewport],
  ] as const) {
    if (!pattern.test(html)) throw new Error(`Die Seite der Web-App hat kein ${part}: ${html.slice(0, 80)}…`);
  }
  const type = head.favicon.endsWith('.svg') ? ' type="image/svg+xml"' : '';
  return html
    .replace(title, `<title>${escapeHtml(head.title)}</title>`)
    .replace(icon, `<link rel="icon" href="${escapeHtml(head.favicon)}"${type} />`)
    .replace(
      viewport,
      (meta) =>
        `${meta}\n    <meta name="theme-color" content="${escapeHtml(head.themeColor)}" />` +
        `\n    <link rel="apple-touch-icon" href="${escapeHtml(head.appleTouchIcon)}" />`,
    );
}
