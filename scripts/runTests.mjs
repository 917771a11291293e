// `npm test`: everything that proves the product. The type check, ESLint, Prettier and the build run side by
// side (each leaves a core idle part of its time), then every Vitest project in one run. Prints how long each
// step took, so that the next slowdown of the suite shows in the CI log of the commit that caused it.
// Arguments go to Vitest (`npm test -- --project unit`).
import { spawn } from 'node:child_process';

const vitestArgs = process.argv.slice(2).join(' ');

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
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
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

const started = Date.now();
const checks = await Promise.all([
  run('Typprüfung', 'npx tsc -p tsconfig.json --noEmit'),
  run('ESLint', 'npx eslint .'),
  run('Prettier', 'npx prettier --check .'),
  run('Build', 'npx vite build'),
]);
// The tests run after the checks, all projects in one Vitest run (the browser files last, one at a time):
// component tests beside the browser tests ran past their time limits on two cores.
const results = checks.every((step) => step.code === 0)
  ? [...checks, await run('Vitest', `npx vitest run ${vitestArgs}`, true)]
  : checks;

console.log('\nZeit je Schritt von npm test (die vier Prüfungen nebeneinander, dann Vitest):');
for (const step of results) {
  console.log(`  ${step.name.padEnd(30)} ${seconds(step.seconds).padStart(9)}  Exit ${step.code}`);
}
console.log(`  ${'insgesamt'.padEnd(30)} ${seconds((Date.now() - started) / 1000).padStart(9)}`);
const failed = results.filter((step) => step.code !== 0);
if (failed.length) {
  console.error(`\nFehlgeschlagen: ${failed.map((step) => step.name).join(', ')}`);
  process.exit(1);
}
