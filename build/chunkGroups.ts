// Vendor chunks for the production build (vite.config.ts). Without groups Rolldown cut the app into ~270 files
// and a cold /crm/kunden walked a chain of ~130 of them before the list asked for its rows. Each group is one
// file fetched in one go. A group captures its modules' dependencies too, and the group with the higher
// priority claims a shared module first; hence the order:
// 1. React and its router, and the rest of what the entry imports statically (`shell`: what a phone's landing
//    runs before Mein Tag's first drawing), then what the app's start imports statically (`start`: emotion, the
//    MUI parts of the sign-in page), so /login needs nothing else;
// 2. MSAL in a file of its own (it is big and changes on its own schedule);
// 3. MUI (`mui`) and everything else the signed-in CRM shares (`vendor`: react-admin, react-query,
//    react-hook-form, yup, date-fns ...), claimed before the screens' libraries so that those do not drag a
//    shared module (and with it their whole file) into every screen;
// 4. the libraries of single lazy screens and dialogs (charts, the Kanban's drag and drop, virtual columns and
//    event stream, the PDF viewer, date pickers, exceljs, the forms' validation), loaded only with them; Redux,
//    which the charts and the Kanban share, in a file of its own.
// Our own code: what the entry imports statically goes into `shell` too; what src/CrmApp.tsx imports statically
// (the frame, the declarations, the data provider) into `app`; what the generated list imports statically into
// `lists`. Left to itself Rolldown cut these into one small file per set of importers: a cold /crm/kunden
// fetched 46 files, 30 of them under 2 kB, in rounds of six (HTTP/1.1), each paying its headers; now 16.
import { fileURLToPath } from 'node:url';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

const modules = (...names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/** Libraries of single lazy screens and dialogs: each keeps a file of its own. */
const SCREEN_LIBRARIES: { name: string; test: RegExp }[] = [
  { name: 'pdf', test: modules('pdfjs-dist') },
  {
    name: 'charts',
    test: modules(
      'recharts',
      'd3-[a-z-]+',
      'victory-vendor',
      '@reduxjs[\\\\/]toolkit',
      'immer',
      'reselect',
      'es-toolkit',
      'decimal\\.js-light',
      'eventemitter3',
    ),
  },
  // The Kanban's drag and drop, virtual columns and event stream.
  {
    name: 'kanban',
    test: modules(
      '@hello-pangea',
      'css-box-model',
      'raf-schd',
      'use-memo-one',
      '@tanstack[\\\\/](?:react-virtual|virtual-core)',
      'eventsource-parser',
    ),
  },
  {
    name: 'datepicker',
    // With date-fns's parser (about 40 kB before minifying), which only the pickers' date adapter uses.
    test: new RegExp(
      `${modules('@mui[\\\\/]x-date-pickers', '@mui[\\\\/]x-internals', '@base-ui[\\\\/]utils').source}|` +
        `[\\\\/]node_modules[\\\\/]date-fns[\\\\/]parse(?:\\.js$|[\\\\/])`,
    ),
  },
  { name: 'excel', test: modules('exceljs') },
  // Todos → Kalender's calendar component and its date helpers (preact inside FullCalendar; Luxon for the
  // company's named time zone, which nothing else in the browser uses).
  { name: 'calendar', test: modules('@fullcalendar', 'preact', 'luxon') },
  // What only the forms' validation uses (src/resources/entitySchema.ts): yup and its helpers, and the phone
  // numbers' rules. Lists, boards and the dashboard do without them.
  {
    name: 'forms',
    test: modules(
      'yup',
      'property-expr',
      'tiny-case',
      'toposort',
      'libphonenumber-js',
      '@hookform[\\\\/]resolvers',
    ),
  },
];

// Redux, which only the charts and the Kanban's drag and drop use: loaded with either, not with every page. It
// outranks both, or the first of them would capture it and the other would load that one's whole file.
const REDUX = {
  name: 'redux',
  test: modules('redux', 'react-redux', 'use-sync-external-store', 'tiny-invariant'),
};
const MSAL = modules('@azure');
const MUI = modules(
  '@mui[\\\\/](?:material|system|utils|styled-engine|private-theming|icons-material|core-downloads-tracker)',
  '@emotion[\\\\/][a-z-]+',
  '@popperjs[\\\\/]core',
  'react-transition-group',
  'react-is',
  'clsx',
  'prop-types',
  'stylis',
  'hoist-non-react-statics',
  'dom-helpers',
  '@babel[\\\\/]runtime',
);
const inNodeModules = /[\\/]node_modules[\\/]/;
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const inSrc = (id: string) => id.startsWith(SRC);

/**
 * Whether a module of ours is one `root` imports statically, directly or not (it always loads with it). The walk
 * is done once per chunking pass.
 */
function staticGraph(root: string, follow: (id: string) => boolean = inSrc) {
  const graphs = new WeakMap<ChunkingContext, Set<string>>();
  return (id: string, ctx: ChunkingContext): boolean => {
    let graph = graphs.get(ctx);
    if (!graph) {
      graph = new Set<string>();
      const pending = [root];
      while (pending.length > 0) {
        const next = pending.pop()!;
        if (graph.has(next)) continue;
        graph.add(next);
        pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []).filter(follow));
      }
      graphs.set(ctx, graph);
    }
    return graph.has(id);
  };
}

/** The modules of ours that `root` imports statically, as a chunk group's name function: `name` or null. */
export function staticGraphGroup(name: string, root: string) {
  const inGraph = staticGraph(root);
  return (id: string, ctx: ChunkingContext): string | null => (inGraph(id, ctx) ? name : null);
}
const inRouteData = staticGraph(`${SRC}dataProvider/routeData.ts`);
const MY_DAY_LIGHT_FOLDER = `${SRC}resources/dashboard/light/`;
const MY_DAY_LIGHT = `${MY_DAY_LIGHT_FOLDER}MyDayLight.tsx`;
const inMyDayLight = staticGraph(MY_DAY_LIGHT);
const ofScreen = (id: string) => [REDUX, ...SCREEN_LIBRARIES].some((library) => library.test.test(id));
// The device's stores (IndexedDB through idb: the kept copy, the outbox) and the service worker's registration
// load beside Mein Tag's light page too: in `vendor` they would pull react-admin and MUI onto a phone's landing.
// idb goes into `routeData` (every signed-in page loads it: no file more on the desk), the registration's
// library with the chunk that registers the worker.
const IDB = modules('idb');
const BESIDE_LIGHT_PAGE = modules('idb', 'workbox-window');

// The entry (src/main.tsx) holds only what a phone's landing runs before Mein Tag's first drawing; the rest of
// the start (src/startApp.tsx: MSAL's session, the sign-in page with its MUI parts, the guarded CRM) is loaded by
// it, and is a second entry of the build (vite.config.ts) so that its static dependency chain is `$initial` too,
// as Rolldown computes it (only what is used of a library's index). Both chains are `$initial`: the entry's own
// (and what the start shares with the light page or with the first data's module, or the landing would load
// `start`, and with it MUI, through them) goes into `shell`, the rest into `start`. The entry's, the light page's
// and the first data's chains hold no library index (no MUI, no react-admin), so they are walked in full.
const everything = () => true;
const inEntry = staticGraph(`${SRC}main.tsx`, everything);
const inMyDayLightAll = staticGraph(MY_DAY_LIGHT, everything);
const inRouteDataAll = staticGraph(`${SRC}dataProvider/routeData.ts`, everything);
const ofStart = (id: string) => (inNodeModules.test(id) && !ofScreen(id) && !MSAL.test(id)) || inSrc(id);
// The start's own chain holds no MUI (its MUI-drawn parts, src/authProvider/PublicPages.tsx, are a third entry,
// loaded by it): walked in full like the entry's. What the parts' chain adds (the MUI components and emotion
// they use, as Rolldown computes them from MUI's index) is `signIn`, which only the sign-in pages ask for beside
// `start`; behind the sign-in it comes with the app's code, so the first calls go out without it on the line.
const inStartAll = staticGraph(`${SRC}startApp.tsx`, everything);

/** Rolldown's codeSplitting groups (build.rolldownOptions.output.codeSplitting.groups). */
export const chunkGroups: CodeSplittingGroup[] = [
  {
    name: 'react',
    test: modules('react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie'),
    priority: 100,
  },
  { name: 'msal', test: MSAL, priority: 95 },
  {
    name: (id, ctx) =>
      ofStart(id) && (inEntry(id, ctx) || inMyDayLightAll(id, ctx) || inRouteDataAll(id, ctx))
        ? 'shell'
        : null,
    debugName: 'shell',
    tags: ['$initial'],
    priority: 90,
  },
  {
    name: (id, ctx) => (ofStart(id) && inStartAll(id, ctx) ? 'start' : null),
    debugName: 'start',
    tags: ['$initial'],
    priority: 89,
  },
  { name: 'signIn', test: ofStart, tags: ['$initial'], priority: 88.5 },
  { name: 'mui', test: MUI, priority: 85 },
  {
    name: 'vendor',
    test: (id) => inNodeModules.test(id) && !ofScreen(id) && !BESIDE_LIGHT_PAGE.test(id),
    priority: 70,
  },
  // Below vendor and mui, so that their libraries stay there and only our modules land here. `routeData` (the
  // declarations and the first calls of an address) outranks `app`: CrmGuard loads it without react-admin.
  // It also takes the modules of ours Mein Tag's light page shares with others (in `app` they would pull react-admin
  // and MUI onto it; in `myDayLight` the customer page would load that whole file for a phone link); only the
  // light page's own folder goes into `myDayLight`.
  {
    name: (id, ctx) =>
      inRouteData(id, ctx) || (inMyDayLight(id, ctx) && !id.startsWith(MY_DAY_LIGHT_FOLDER)) || IDB.test(id)
        ? 'routeData'
        : null,
    debugName: 'routeData',
    priority: 69,
  },
  { name: staticGraphGroup('myDayLight', MY_DAY_LIGHT), debugName: 'myDayLight', priority: 68.5 },
  { name: staticGraphGroup('app', `${SRC}CrmApp.tsx`), debugName: 'app', priority: 68 },
  { ...REDUX, priority: 65 },
  ...SCREEN_LIBRARIES.map((library) => ({ ...library, priority: 60 })),
  {
    name: staticGraphGroup('lists', `${SRC}resources/generic/EntityList.tsx`),
    debugName: 'lists',
    priority: 50,
  },
];
