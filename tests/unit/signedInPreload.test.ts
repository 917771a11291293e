import { describe, expect, it } from 'vitest';
import { withLandingSkeleton } from '../../build/landingSkeleton';
import { withModulePreloads } from '../../build/signedInPreload';
import { isLandingAddress, msalBeforeRender } from '../../src/auth/msalPages.rules';

const HTML = `<html>
  <head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
  </head>
  <body></body>
</html>`;

describe('signed-in.html (build/signedInPreload.ts)', () => {
  it('adds modulepreload links for the files index.html does not preload yet, inside the head', () => {
    const html = withModulePreloads(HTML, ['assets/react-B.js', 'assets/msal-C.js', 'assets/routeData-D.js']);
    expect(html.match(/react-B\.js/g)).toHaveLength(1);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/msal-C.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/routeData-D.js">');
  });

  it('goes to every address behind the sign-in, not to the sign-in, access-denied, survey and unsubscribe pages', () => {
    for (const path of ['/', '/crm/dashboard', '/crm/kunden/12', '/auth-callback', '/loginx'])
      expect(msalBeforeRender(path), path).toBe(true);
    for (const path of ['/login', '/zugriff', '/umfrage/Xy12', '/abmelden/Xy12', '/angebot/Xy12'])
      expect(msalBeforeRender(path), path).toBe(false);
  });

  it("landing.html: the light page's code and style sheet only where the media query holds (a phone)", () => {
    const html = withModulePreloads(
      HTML,
      ['assets/myDayLight-E.js', 'assets/myDayLight-F.css'],
      '(max-width: 1px)',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/myDayLight-E.js" media="(max-width: 1px)">',
    );
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/myDayLight-F.css" media="(max-width: 1px)">',
    );
    for (const url of ['/crm/dashboard', '/crm/dashboard/']) expect(isLandingAddress(url), url).toBe(true);
    // With a scope in the address the full app draws the dashboard: no light page to ask for.
    for (const url of ['/crm/dashboard?scope=team', '/crm/kunden', '/'])
      expect(isLandingAddress(url), url).toBe(false);
  });

  it("landing.html: Mein Tag's frame in the root, shown by its own style only where a phone's landing is", () => {
    const html = withLandingSkeleton(HTML.replace('<body></body>', '<body><div id="root"></div></body>'));
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    expect(root).toContain('<h1>Mein Tag</h1>');
    expect(root).toContain('<h2>Termine heute</h2>');
    const style = html.slice(html.indexOf('<style>'), html.indexOf('</head>'));
    expect(style).toContain('.landing-skeleton { display: none; }');
    expect(style).toContain('@media (max-width: 599.95px)');
    // An index.html without its empty root is not the build's: the build stops instead of shipping no frame.
    expect(() => withLandingSkeleton(HTML)).toThrow(/#root/);
  });
});
