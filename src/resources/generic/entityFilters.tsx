import { NullableBooleanInput, SearchInput, SelectInput } from 'react-admin';
import type { ReactElement } from 'react';
import type { EntityDeclaration } from '../entity';
import { MatchModeFilter } from './MatchModeFilter';

/** The list filters of an entity: quick search, text filters with match modes, yes/no and choices. */
export function entityFilters(entity: EntityDeclaration): ReactElement[] {
  const filters: ReactElement[] = [];
  if (entity.fields.some((f) => f.searchable)) {
    filters.push(<SearchInput key="q" source="q" alwaysOn placeholder="Suchen" />);
  }
  for (const field of entity.fields) {
    if (field.filterable && (field.type === 'text' || field.type === 'longtext')) {
      filters.push(
        <MatchModeFilter
          key={field.source}
          source={field.source}
          label={field.label}
          // Shown with "Beinhaltet" preselected when added from the filter menu.
          {...{ defaultValue: { mode: 'contains', value: '' } }}
        />,
      );
    } else if (field.type === 'boolean') {
      filters.push(<NullableBooleanInput key={field.source} source={field.source} label={field.label} />);
    } else if (field.type === 'choice') {
      filters.push(
        <SelectInput
          key={field.source}
          source={field.source}
          label={field.label}
          choices={field.choices as { id: string; name: string }[]}
        />,
      );
    }
  }
  return filters;
}
