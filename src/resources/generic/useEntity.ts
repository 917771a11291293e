import { useResourceContext } from 'react-admin';
import type { EntityDeclaration } from '../entity';
import { entityByName } from '../registry';

/** The declaration of the resource being shown. */
export function useEntity(): EntityDeclaration {
  const resource = useResourceContext();
  const entity = entityByName(resource);
  if (!entity) throw new Error(`Keine Deklaration für die Ressource ${resource}`);
  return entity;
}
