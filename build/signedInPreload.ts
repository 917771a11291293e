// index.html for the addresses behind the sign-in: besides the entry's files it asks for MSAL's code and for the
// module that starts the address's first data (src/dataProvider/routeData.ts), so they come with the entry
// instead of after it has arrived and run (about 250 ms later on a cold load). The server sends it to
// those addresses; the sign-in page, "Zugriff verweigert" and the survey page get the plain index.html, without
// MSAL (server/platform/http/webAppPlugin.ts, src/auth/msalPages.rules.ts).
import { fileURLToPath } from 'node:url';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { SIGNED_IN_HTML } from '../src/auth/msalPages.rules';

const PRELOADED = ['authProvider/msalClient.ts', 'dataProvider/routeData.ts'].map((file) =>
  fileURLToPath(new URL(`../src/${file}`, import.meta.url)),
);

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

/** `html` with modulepreload links for those of `files` it does not preload yet, at the end of its head. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const links = files
    .map((file) => `/${file}`)
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`)
    .join('');
  return html.replace('  </head>', `${links}  </head>`);
}

/** Vite plugin: writes signed-in.html beside index.html (production build only). */
export function signedInPreload(): Plugin {
  return {
    name: 'fenster-crm:signed-in-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'] as OutputAsset | undefined;
      if (!html) return;
      const files = [...new Set(PRELOADED.flatMap((id) => filesOf(bundle, id)))];
      this.emitFile({
        type: 'asset',
        fileName: SIGNED_IN_HTML,
        source: withModulePreloads(String(html.source), files),
      });
    },
  };
}
