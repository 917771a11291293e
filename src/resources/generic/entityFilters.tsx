import { SearchInput } from 'react-admin';
import type { ReactElement } from 'react';
import type { EntityDeclaration } from '../entity';

/** The list filters above an entity's table: the quick search. Fields filter in their column header. */
export function entityFilters(entity: EntityDeclaration): ReactElement[] {
  return entity.fields.some((f) => f.searchable)
    ? [<SearchInput key="q" source="q" alwaysOn placeholder="Suchen" />]
    : [];
}
