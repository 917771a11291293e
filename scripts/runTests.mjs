// `npm test`: everything that proves the product, in two lanes side by side. The browser tests are the longest
// step and need only the build: the build runs first in its lane and the browser tests follow at once. The
// other lane runs the type check, ESLint and Prettier (beside the build), then the unit and component tests,
// then the API tests, all beside the browser tests, which leave part of both cores idle while they wait on
// Chromium and the server. A failed check stops the browser tests (their result would not count).
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
    running.add(child);
    child.on('close', (code) => {
      running.delete(child);
      const result = {
        name,
        code: code ?? 1,
        seconds: (Date.now() - started) / 1000,
        from: (started - suiteStarted) / 1000,
      };
      process.stdout.write(`\n── ${name}: ${seconds(result.seconds)}, Exit ${result.code} ──\n`);
      if (!visible) process.stdout.write(Buffer.concat(output));
      resolve(result);
    });
  });
}

const suiteStarted = Date.now();
// The steps running now, and whether a failed check has stopped them (no step starts after that).
const running = new Set();
let stopped = false;
function stop() {
  stopped = true;
  for (const child of running) child.kill('SIGTERM');
}

const seconds = (value) => `${value.toFixed(1).replace('.', ',')} s`;

/** Both lanes; resolves to every step's result in the order they were started. */
async function lanes() {
  if (vitestArgs) return [await run('Vitest', `vitest run ${vitestArgs}`, true)];
  const build = run('Build', 'vite build');
  const checks = Promise.all([
    run('Typprüfung', 'tsc -p tsconfig.json --noEmit'),
    run('ESLint', 'eslint .'),
    run('Prettier', 'prettier --check .'),
  ]);
  const browser = build.then((built) =>
    built.code === 0 && !stopped ? [run('Vitest browser', 'vitest run --project browser', true)] : [],
  );
  const others = checks.then(async (done) => {
    if (done.some((step) => step.code !== 0)) {
      stop();
      return done;
    }
    // Their output is printed in one piece when each ends: the browser tests' output runs meanwhile.
    const first = await run('Vitest unit + component', 'vitest run --project unit --project component');
    // Two API workers: most API files wait (on PostgreSQL, on the servers, nginx and Azurite some of them
    // start), so two of them side by side end the project in about half the time.
    return [...done, first, await run('Vitest api', 'vitest run --project api')];
  });
  const [built, otherSteps, browserSteps] = await Promise.all([build, others, browser]);
  return [built, ...otherSteps, ...(await Promise.all(browserSteps))];
}

const started = Date.now();
const results = await lanes();

console.log(
  '\nZeit je Schritt von npm test (Build, dann browser; daneben Typprüfung, ESLint und Prettier, dann unit + component, dann api):',
);
for (const step of results) {
  console.log(
    `  ${step.name.padEnd(30)} ${seconds(step.seconds).padStart(9)}  ab ${seconds(step.from).padStart(7)}  Exit ${step.code}`,
  );
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
