import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// The seam between web app and server: the server imports from src/ only React-free
// declarations and rules, named by these rules: `<name>.<kind>.ts`, `<name>Types.ts`, and a few core files.
const SEAM_KINDS = ['entity', 'form', 'endpoints', 'rules'];
const SEAM_FILES = [
  'api/endpoint',
  'api/schemas',
  'auth/groups',
  'config/appearance',
  'config/clientConfig',
  'config/companyTime',
  'i18n/format',
  'i18n/yupLocale',
  'resources/menu',
  'resources/tab',
  'resources/manual',
  'resources/areas',
  'resources/declarationFiles',
  'resources/entity',
  'resources/entitySchema',
  'resources/sharedFields',
];
const REACT_FREE_FILES = [
  ...SEAM_KINDS.map((kind) => `src/**/*.${kind}.ts`),
  'src/**/*Types.ts',
  ...SEAM_FILES.map((file) => `src/${file}.ts`),
  // Found by folder and loaded by the server too (shell/loadMenu.ts, shell/loadManualTabs.ts).
  'src/resources/*/menu.ts',
  'src/resources/*/tabs.ts',
  'src/resources/*/manual.ts',
];
// date-fns by function (`date-fns/format`), never by its index: the index loads all of its ~250 functions, and
// the server and the tests load what they import unbundled (a server start took a third more CPU).
const DATE_FNS_INDEX = {
  regex: '^date-fns(?:/locale)?$',
  message:
    "date-fns je Funktion importieren (import { format } from 'date-fns/format'), nicht über den Index.",
};
const seamName = `(?:[^/]+\\.(?:${SEAM_KINDS.join('|')})|[^/]+Types)`;
// What an area offers the others besides its seam files: its offline writes (`*.outbox.ts`, the subjects the
// outbox sends and words; other areas' screens make entries of them).
const areaSharedName = `(?:[^/]+\\.(?:${[...SEAM_KINDS, 'outbox'].join('|')})|[^/]+Types)`;
const coreName = SEAM_FILES.map((file) => file.split('/').pop()).join('|');

// Areas keep apart: a file in src/resources/<area>/ imports of another area only what is meant to be
// shared (its declarations and rules by the seam names above, and its index.ts), never its components, hooks or
// queries. What several areas use lives in the shared folders: kit/ (widgets and helpers) and generic/ (the
// generated views). The rule is written per folder depth, as a relative import names the other area by its "../".
const SHARED_FOLDERS = ['kit', 'generic'];
// An area's doors: the few screens another area opens (a dialog, its button), named here one by one so that
// a new reach into an area's insides fails and a new door is a visible decision.
const AREA_DOORS = [
  'mail/MailDialog',
  'offerPdf/SimplifiedOfferButton',
  'vorgaenge/LazyNewVorgangDialog',
  'customers/vorgaenge/BelegPositions',
  'nps/npsFilterParams',
  'savedViews/SavedViewPicker',
  'automation/OfferCadenceCard',
  'offerOnline/OfferOnlinePanel',
];
const AREA_DEPTHS = [1, 2, 3];
const otherAreaInsides = (depth) =>
  `^(?:\\.\\./){${depth}}(?!(?:${SHARED_FOLDERS.join('|')})/|(?:${AREA_DOORS.join('|')})$)[^./][^/]*/(?:[^/]+/)*(?!(?:${areaSharedName}|index)(?:\\.js)?$)[^/]+$`;
const AREA_MESSAGE =
  'Ein Bereich importiert aus einem anderen Bereich nur Geteiltes (*.entity.ts, *.endpoints.ts, *.rules.ts, *.outbox.ts, *Types.ts, index.ts); gemeinsam Genutztes gehört nach src/resources/kit/.';
const areaRules = AREA_DEPTHS.map((depth) => ({
  files: [`src/resources/${'*/'.repeat(depth)}*.{ts,tsx}`],
  // Declarations and rules are held tighter by the React-free rule below (seam files only).
  ignores: REACT_FREE_FILES,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: otherAreaInsides(depth), message: AREA_MESSAGE }] },
    ],
    // import() of another area's screen or dialog is the same reach into its insides.
    'no-restricted-syntax': [
      'error',
      {
        selector: `ImportExpression[source.value=/${otherAreaInsides(depth).replaceAll('/', '\\/')}/]`,
        message: AREA_MESSAGE,
      },
    ],
  },
}));

// The same for the server's areas: a file in server/<area>/ imports of another area only its index.ts and the
// doors named here (what other areas use of it: a snapshot for the change history, a query a bulk job shares), so
// that a new reach into an area's insides fails the lint and a new door is a visible decision. What many areas
// need belongs in server/platform/. server/platform/ and server/dev/ are not areas.
const SERVER_DOORS = [
  'changeHistory/changeAreas',
  'changeHistory/describeChanges',
  'consent/consentRule',
  'consent/unsubscribeLinks',
  'customers/customerLabels',
  'customers/customerQueries',
  'customers/customerSnapshot',
  'customers/exportCustomers',
  'customers/timelineQueries',
  'duplicates/computeDuplicates',
  'files/fileQueries',
  'mail/mailOutbox',
  'mail/mailQueries',
  'mail/personalisedMail',
  'mail/werbungMail',
  'nps/npsStatisticsQueries',
  'offerPdf/offerAttachment',
  'privacy/suppressionListQueries',
  'salesPlanning/revenueQueries',
  'salesPlanning/salesCurveQueries',
  'salesPlanning/targetVsActualQueries',
  'textTemplates/placeholderValues',
  'textTemplates/textTemplateQueries',
  'todos/dueItemChanges',
  'todos/dueItemQueries',
  'todos/exportDueLabels',
  'vorgaenge/boardMove',
  'vorgaenge/exportVorgaenge',
  'vorgaenge/kanban/pipelineValueQueries',
  'vorgaenge/stagnationQueries',
  'vorgaenge/vorgangEvents',
  'vorgaenge/vorgangLabels',
  'vorgaenge/vorgangListQueries',
  'vorgaenge/vorgangListRoutes',
  'vorgaenge/vorgangSeller',
  'vorgaenge/vorgangSnapshotQueries',
];
const SERVER_NOT_AREAS = ['platform', 'dev'];
const serverAreaInsides = (depth) =>
  `^(?:\\.\\./){${depth}}(?!(?:${SERVER_NOT_AREAS.join('|')})/|(?:${SERVER_DOORS.join('|')})(?:\\.js)?$)[^./][^/]*/(?!index(?:\\.js)?$)[^/]+`;
const SERVER_AREA_MESSAGE =
  'Ein Server-Bereich importiert aus einem anderen nur dessen index.ts und die in eslint.config.js genannten Türen (SERVER_DOORS); was mehrere Bereiche brauchen, gehört nach server/platform/.';
const serverAreaRules = AREA_DEPTHS.map((depth) => ({
  files: [`server/${'*/'.repeat(depth)}*.ts`],
  ignores: SERVER_NOT_AREAS.map((folder) => `server/${folder}/**`),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          DATE_FNS_INDEX,
          {
            regex: `(?:^|/)src/(?!(?:.*/)?${seamName}(?:\\.js)?$|(?:${SEAM_FILES.join('|')})(?:\\.js)?$)`,
            message:
              'Der Server importiert aus src/ nur React-freie Deklarationen und Regeln (*.entity.ts, *.form.ts, *.endpoints.ts, *.rules.ts, *Types.ts, Kerndateien in eslint.config.js).',
          },
          { regex: serverAreaInsides(depth), message: SERVER_AREA_MESSAGE },
        ],
      },
    ],
  },
}));

// Where SQL lives (server/platform/db/README.md): the typed query builder (`db.selectFrom(…)`) anywhere; raw
// `sql` (the tagged template and its helpers sql.ref, sql.join, …) only in a `*Queries.ts` file and in
// server/platform/, for reports and set-based statements, so that every hand-written statement is found by its
// file name.
const SQL_MESSAGE =
  'Rohes SQL (sql`…`, sql.ref, sql.join, …) nur in einer *Queries.ts-Datei oder in server/platform/; einfache Abfragen einer Tabelle mit dem Query-Builder (db.selectFrom …), siehe server/platform/db/README.md.';
const sqlRule = {
  files: ['server/**/*.ts'],
  ignores: ['server/platform/**', 'server/**/*Queries.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_MESSAGE },
      { selector: "CallExpression[callee.object.name='sql']", message: SQL_MESSAGE },
      // Renamed on import it would slip past the two above.
      { selector: "ImportSpecifier[imported.name='sql'][local.name!='sql']", message: SQL_MESSAGE },
    ],
  },
};

export default tseslint.config(
  // .bench-data holds the benches' data and builds (bench/stackFloor.ts puts a bundled app there), never sources.
  { ignores: ['dist', 'dist-server', 'data', 'node_modules', '.bench-data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: REACT_FREE_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-admin', 'ra-*', '@mui/*', '@emotion/*', 'node:*'],
              message: 'Deklarationen und Regeln bleiben frei von React, MUI und Node: der Server lädt sie.',
            },
            DATE_FNS_INDEX,
            {
              // Relative imports only of files named as React-free (by the rules above).
              regex: `^\\.\\.?/(?:.*/)?(?!(?:${seamName}|${coreName})(?:\\.js)?$)[^/]+$`,
              message:
                'Deklarationen und Regeln importieren nur andere React-freie Dateien (*.entity.ts, *.rules.ts, …).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DATE_FNS_INDEX,
            {
              regex: `(?:^|/)src/(?!(?:.*/)?${seamName}(?:\\.js)?$|(?:${SEAM_FILES.join('|')})(?:\\.js)?$)`,
              message:
                'Der Server importiert aus src/ nur React-freie Deklarationen und Regeln (*.entity.ts, *.form.ts, *.endpoints.ts, *.rules.ts, *Types.ts, Kerndateien in eslint.config.js).',
            },
          ],
        },
      ],
    },
  },
  ...areaRules,
  ...serverAreaRules,
  sqlRule,
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
  prettier,
);
