import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EndpointDeclaration } from '../../src/api/endpoint';

const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');

/** Files that declare endpoints: `src/**\/<subject>.endpoints.ts`. */
export async function endpointFiles(): Promise<string[]> {
  const entries = await readdir(SRC, { recursive: true });
  return entries
    .filter((entry) => entry.endsWith('.endpoints.ts'))
    .map((entry) => path.join(SRC, entry))
    .sort();
}

const isDeclaration = (value: unknown): value is EndpointDeclaration =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'access' in value &&
  'summary' in value;

/** Every declared endpoint with the file and export name that declare it. */
export async function endpointDeclarations(): Promise<
  { name: string; file: string; endpoint: EndpointDeclaration }[]
> {
  const found = [];
  for (const file of await endpointFiles()) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isDeclaration(value)) found.push({ name, file: path.relative(SRC, file), endpoint: value });
    }
  }
  return found;
}
