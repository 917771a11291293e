// The server as plain JavaScript in dist-server/ (part of `npm run build`): production runs
// `node dist-server/server/main.js`, with neither the TypeScript loader nor a compile at start.
//
// Each source file is compiled on its own and keeps its place (dist-server/server/…, dist-server/src/…), with
// the migrations and JSON files beside it: the server finds its areas, entity declarations, menus and
// migrations by folder, and those folders stay as they are. Relative imports get their `.js`; packages stay
// imports of node_modules. Only what the server reaches is compiled: its own files, the entity declarations
// and menus it loads by folder, and what they import from src/ (esbuild's import graph says which).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { cp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist-server');
const PARTIAL = `${OUT}.partial-${process.pid}`;
const started = Date.now();

const filesBelow = async (folder) =>
  (await readdir(path.join(ROOT, folder), { recursive: true })).map((file) => path.join(folder, file));

// What the server loads by folder (server/platform/areas, entities/loadEntities.ts, shell/loadMenu.ts,
// shell/loadManualTabs.ts): the same rules as src/resources/declarationFiles.ts.
const serverFiles = (await filesBelow('server')).filter((file) => file.endsWith('.ts'));
const declarations = (await filesBelow('src/resources')).filter((file) =>
  /^src\/resources\/[^/]+\/(?:[^/]+\.entity|menu|tabs|manual)\.ts$/.test(file.split(path.sep).join('/')),
);

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  logLevel: 'warning',
};

// Every source file the server reaches, from esbuild's import graph.
const graph = await build({
  ...common,
  entryPoints: [...serverFiles, ...declarations],
  splitting: true,
  outdir: PARTIAL,
  write: false,
  metafile: true,
});
const reached = Object.keys(graph.metafile.inputs);
const sources = reached.filter((file) => /\.tsx?$/.test(file));

/** Relative imports stay imports (of the compiled file beside it), named with `.js` as Node needs. */
const relativeImportsStay = {
  name: 'relative-imports-stay',
  setup(context) {
    context.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const target = path.resolve(args.resolveDir, args.path);
      for (const [suffix, compiled] of [
        ['.ts', '.js'],
        ['.tsx', '.js'],
        ['/index.ts', '/index.js'],
      ]) {
        if (existsSync(target + suffix)) return { path: args.path + compiled, external: true };
      }
      if (existsSync(target)) return { path: args.path, external: true };
      return { errors: [{ text: `${args.path} (aus ${args.importer}) gibt es nicht.` }] };
    });
  },
};

await rm(PARTIAL, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: sources,
  outbase: ROOT,
  outdir: PARTIAL,
  plugins: [relativeImportsStay],
});
// The files read or imported beside the code: migrations (.sql) and JSON (the demo users).
const assets = [
  ...(await filesBelow('server')).filter((file) => /\.(sql|json)$/.test(file)),
  ...reached.filter((file) => file.endsWith('.json') && !file.startsWith('server')),
];
await Promise.all(assets.map((file) => cp(path.join(ROOT, file), path.join(PARTIAL, file))));

// Swapped in whole: a server starting meanwhile finds the old build or the new one, never half of one.
await rm(OUT, { recursive: true, force: true });
await rename(PARTIAL, OUT);
console.log(
  `Server gebaut: ${sources.length} Dateien nach dist-server/ (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
