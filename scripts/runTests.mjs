// `npm test`: everything that proves the product. The type check, ESLint, Prettier and the build run side by
// side (each leaves a core idle part of its time); then the unit and component tests (both cores busy);
// then the API tests beside the browser tests, which mostly wait on Chromium and the server. Component
// tests beside the browser tests ran past their 15 s limit on two cores, so they run before them.
// Prints how long each step and each test project took, at the end, so that the next slowdown of the suite
// shows in the CI log of the commit that caused it.
// Arguments go to one Vitest run of everything they select (`npm test -- --project unit`, `-- -t Kanban`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const vitestArgs = process.argv.slice(2).join(' ');
// Where tests/support/projectTimesReporter.ts adds each Vitest project's time (one JSON line per project).
const timesDir = mkdtempSync(path.join(tmpdir(), 'fenster-crm-test-times-'));
const timesFile = path.join(timesDir, 'projects.jsonl');

/**
 * Runs `command`, resolving to its name, exit code and seconds taken. Its output is kept and printed in one
 * piece when it ends (so parallel steps do not interleave), unless `visible`.
 */
function run(name, command, visible = false) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: visible ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // The project's own programs straight from node_modules/.bin, without npx's start (npm's own modules)
        // before each of the eight.
        PATH: [path.resolve(import.meta.dirname, '../node_modules/.bin'), process.env.PATH].join(
          path.delimiter,
        ),
        FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
        FENSTER_PROJECT_TIMES_FILE: timesFile,
      },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const result = { name, code: code ?? 1, seconds: (Date.now() - started) / 1000 };
      process.stdout.write(`\n── ${name}: ${seconds(result.seconds)}, Exit ${result.code} ──\n`);
      if (!visible) process.stdout.write(Buffer.concat(output));
      resolve(result);
    });
  });
}

const seconds = (value) => `${value.toFixed(1).replace('.', ',')} s`;

/** The Vitest runs, one after another; a step's runs start together. */
async function tests() {
  if (vitestArgs) return [await run('Vitest', `vitest run ${vitestArgs}`, true)];
  const first = await run('Vitest unit + component', 'vitest run --project unit --project component', true);
  // Two API workers: most API files wait (on PostgreSQL, on the servers, nginx and Azurite some of them
  // start), so two of them side by side end the project in about half the time, well within the browser
  // files' time; with one worker it was the longest step.
  const side = await Promise.all([
    run('Vitest api (daneben)', 'vitest run --project api'),
    run('Vitest browser', 'vitest run --project browser', true),
  ]);
  return [first, ...side];
}

const started = Date.now();
const checks = await Promise.all([
  // TypeScript 7 (the native compiler) checks the same code with about a fifth of TypeScript 5's CPU (7 instead of
  // 35 CPU seconds); single-threaded, because the other three checks keep both cores busy anyway. TypeScript 5
  // stays for typescript-eslint's parser and kysely-codegen, which need its JavaScript API; both install a `tsc`,
  // so it is called by its path.
  run('Typprüfung', 'npm run --silent typecheck'),
  run('ESLint', 'eslint .'),
  // Prettier's newer CLI checks the same files (same ignores, same verdicts) with about a fifth less CPU on a
  // fresh clone (29-31 instead of 33-42 CPU seconds, three alternating pairs under load); it keeps a cache in
  // node_modules/.cache/prettier, so a second run on an unchanged tree takes a second or two.
  run('Prettier', 'prettier --experimental-cli --check .'),
  run('Build', 'npm run --silent build'),
]);
const results = checks.every((step) => step.code === 0) ? [...checks, ...(await tests())] : checks;

console.log(
  '\nZeit je Schritt von npm test (die vier Prüfungen nebeneinander, dann unit + component, dann api neben browser):',
);
for (const step of results) {
  console.log(`  ${step.name.padEnd(30)} ${seconds(step.seconds).padStart(9)}  Exit ${step.code}`);
}
console.log(`  ${'insgesamt'.padEnd(30)} ${seconds((Date.now() - started) / 1000).padStart(9)}`);
const projects = (() => {
  try {
    return readFileSync(timesFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
})();
if (projects.length) {
  console.log('\nZeit je Testprojekt (vom ersten Start bis zum letzten Ende seiner Dateien):');
  for (const project of projects) {
    console.log(
      `  ${project.name.padEnd(30)} ${seconds(project.seconds).padStart(9)}  ` +
        `(${project.files} Dateien, ${project.tests} Tests)`,
    );
  }
}
rmSync(timesDir, { recursive: true, force: true });
const failed = results.filter((step) => step.code !== 0);
if (failed.length) {
  console.error(`\nFehlgeschlagen: ${failed.map((step) => step.name).join(', ')}`);
  process.exit(1);
}
