import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EntityDeclaration } from '../../../src/resources/entity';
import { isEntityFile } from '../../../src/resources/declarationFiles';
import { entitySchema } from '../../../src/resources/entitySchema';

const RESOURCES_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'src', 'resources');

/** Finds every `src/resources/<folder>/<name>.entity.ts` by the web app's rule: the same declarations. */
export async function loadEntities(): Promise<EntityDeclaration[]> {
  const entries = await readdir(RESOURCES_DIR, { recursive: true });
  const files = entries.filter((entry) => isEntityFile(entry.split(path.sep).join('/'))).sort();
  const declarations: EntityDeclaration[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(RESOURCES_DIR, file)).href)) as {
      default: EntityDeclaration;
    };
    // Building the schema now reports a declaration whose rules and fields disagree at start-up.
    entitySchema(module.default);
    declarations.push(module.default);
  }
  const names = new Set(declarations.map((d) => d.name));
  if (names.size !== declarations.length) throw new Error('Zwei Entitäten haben denselben Namen.');
  return declarations;
}
