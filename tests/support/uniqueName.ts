let counter = 0;
// Random per loaded copy of this module and counted within it (the browser files of one worker share one
// copy), so files and repeated runs on one server never meet.
const run = Math.random().toString(36).slice(2, 7);

/** A short suffix (lower-case letters and digits) that no record of another test file has. */
export function uniqueSuffix(): string {
  counter += 1;
  return `${run}${counter.toString(36)}`;
}
