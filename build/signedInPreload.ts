// index.html for the addresses behind the sign-in: besides the entry's files it asks for MSAL's code and for the
// module that starts the address's first data (src/dataProvider/routeData.ts), so they come with the entry
// instead of after it has arrived and run (about 250 ms later on a cold load). The server sends it to
// those addresses; the sign-in page, "Zugriff verweigert" and the survey page get the plain index.html, without
// MSAL (server/platform/http/webAppPlugin.ts, src/auth/msalPages.rules.ts).
import { fileURLToPath } from 'node:url';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { LANDING_HTML, SIGNED_IN_HTML } from '../src/auth/msalPages.rules';
import { PHONE_LANDING_QUERY } from '../src/resources/dashboard/phoneLanding';
import { withLandingSkeleton } from './landingSkeleton';

const PRELOADED = ['authProvider/msalClient.ts', 'dataProvider/routeData.ts'].map((file) =>
  fileURLToPath(new URL(`../src/${file}`, import.meta.url)),
);
// The landing's page: on a phone Mein Tag's light page draws first (src/resources/dashboard/lightLanding.ts), as
// soon as its code is here; asked for beside the entry instead of after the entry has arrived and run.
const LIGHT_PAGE = fileURLToPath(new URL('../src/resources/dashboard/light/MyDayLight.tsx', import.meta.url));
// The app's start (src/startApp.tsx), loaded by the entry: every page asks for it beside the entry (with MSAL's
// session and the guard it is needed before an address's first calls).
const APP_START = fileURLToPath(new URL('../src/startApp.tsx', import.meta.url));
// The start's MUI-drawn parts (the sign-in page, the guard's waiting state): the sign-in pages (index.html) ask for
// them beside the start. Behind the sign-in they come with the app's code, which imports them too: one file more
// beside the entry's would wait for a connection (six per host over HTTP/1.1) and hold back the first calls.
const PUBLIC_PAGES = fileURLToPath(new URL('../src/authProvider/PublicPages.tsx', import.meta.url));

/** The chunk holding `moduleId` and the chunks it imports statically, as file names. */
function filesOf(bundle: OutputBundle, moduleId: string): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const holder = chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
  if (!holder) throw new Error(`signedInPreload: kein Chunk enthält ${moduleId}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of (bundle[fileName] as OutputChunk).imports) visit(imported);
  };
  visit(holder.fileName);
  return [...files];
}

/**
 * `html` with modulepreload links for those of `files` it does not preload yet (a style sheet: a preload), at the
 * end of its head; with `media`, fetched only where that media query holds.
 */
export function withModulePreloads(html: string, files: readonly string[], media?: string): string {
  const when = media ? ` media="${media}"` : '';
  const links = files
    .map((file) => `/${file}`)
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) =>
      href.endsWith('.css')
        ? `    <link rel="preload" as="style" crossorigin href="${href}"${when}>\n`
        : `    <link rel="modulepreload" crossorigin href="${href}"${when}>\n`,
    )
    .join('');
  return html.replace('  </head>', `${links}  </head>`);
}

/** The style sheets the chunk holding `moduleId` brings (Vite's metadata), as file names. */
function stylesOf(bundle: OutputBundle, moduleId: string): string[] {
  const chunk = Object.values(bundle).find(
    (output): output is OutputChunk => output.type === 'chunk' && output.moduleIds.includes(moduleId),
  ) as (OutputChunk & { viteMetadata?: { importedCss: Set<string> } }) | undefined;
  return [...(chunk?.viteMetadata?.importedCss ?? [])];
}

/** Vite plugin: writes signed-in.html and landing.html beside index.html (production build only). */
export function signedInPreload(): Plugin {
  return {
    name: 'fenster-crm:signed-in-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'] as OutputAsset | undefined;
      if (!html) return;
      const start = filesOf(bundle, APP_START);
      const publicPages = filesOf(bundle, PUBLIC_PAGES);
      const entryOnly = String(html.source);
      html.source = withModulePreloads(withModulePreloads(entryOnly, start), publicPages);
      const files = [...new Set(PRELOADED.flatMap((id) => filesOf(bundle, id)))];
      const signedInWithoutStart = withModulePreloads(entryOnly, files);
      this.emitFile({
        type: 'asset',
        fileName: SIGNED_IN_HTML,
        source: withModulePreloads(signedInWithoutStart, start),
      });
      // The landing (/crm/dashboard): the same, and on a phone the light page's code and style sheet too (a
      // media query keeps the desk from fetching them); the phone's other addresses get signed-in.html. On a
      // phone Mein Tag's frame is drawn by the HTML itself. The start comes beside the entry on a phone too: on a
      // first visit its MSAL session and the first calls are what the Termine wait for (asked for by the entry
      // once React had run, it arrived 0.5 s later), and without MUI it is small.
      const light = [...filesOf(bundle, LIGHT_PAGE), ...stylesOf(bundle, LIGHT_PAGE)];
      this.emitFile({
        type: 'asset',
        fileName: LANDING_HTML,
        source: withLandingSkeleton(
          withModulePreloads(withModulePreloads(signedInWithoutStart, light, PHONE_LANDING_QUERY), start),
        ),
      });
    },
  };
}
