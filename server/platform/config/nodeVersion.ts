/**
 * The oldest Node.js the server runs on: the LTS line it is built and tested on (package.json's `engines` and
 * `.nvmrc` say the same; a unit test keeps the three together). An older Node started it anyway with nothing
 * but a library's English warning and failed later in ways that did not name the cause.
 */
export const REQUIRED_NODE = '22.13';

const parts = (version: string) =>
  version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);

/** Whether `running` (e.g. "20.18.0" or "v22.13.1") is `required` ("22.13") or newer. */
export function isNodeNewEnough(running: string, required: string = REQUIRED_NODE): boolean {
  const have = parts(running);
  const need = parts(required);
  for (let i = 0; i < need.length; i++) {
    const a = have[i] ?? 0;
    const b = need[i]!;
    if (a !== b) return a > b;
  }
  return true;
}

/** The German message that stops the start on an older Node.js; null when `running` will do. */
export function nodeVersionProblem(running: string, required: string = REQUIRED_NODE): string | null {
  if (isNodeNewEnough(running, required)) return null;
  return (
    `Der Server braucht Node.js ${required} oder neuer (Node.js 22 LTS), hier läuft Node.js ${running.replace(/^v/, '')}. ` +
    'Bitte starten Sie ihn mit Node.js 22 (siehe README: „nvm use“ mit der .nvmrc oder ' +
    '„npm install --prefix ~/.cache/node22 node@22“).'
  );
}
