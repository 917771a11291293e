// graphile-worker is not a dependency of the project: bench/jobLibraries.ts installs it by hand for the comparison
// (`npm install --no-save graphile-worker@0.18.0`), so the type check of a fresh clone must not need its types.
declare module 'graphile-worker';
