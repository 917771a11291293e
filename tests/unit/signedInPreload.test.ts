import { describe, expect, it } from 'vitest';
import { withModulePreloads } from '../../build/signedInPreload';
import { msalBeforeRender } from '../../src/auth/msalPages.rules';

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

  it('goes to every address behind the sign-in, not to the sign-in, access-denied and survey pages', () => {
    for (const path of ['/', '/crm/dashboard', '/crm/kunden/12', '/auth-callback', '/loginx'])
      expect(msalBeforeRender(path), path).toBe(true);
    for (const path of ['/login', '/zugriff', '/umfrage/Xy12'])
      expect(msalBeforeRender(path), path).toBe(false);
  });
});
