import { useRecordContext } from 'react-admin';
import { useBreadcrumbLabel } from '../../layout/BreadcrumbContext';
import type { EntityDeclaration } from '../entity';

/** Names the open record in the breadcrumb by its representation (a label's name, a user's name). */
export function RecordBreadcrumb({ entity }: { entity: EntityDeclaration }) {
  const record = useRecordContext();
  const value = record?.[entity.recordRepresentation] as unknown;
  useBreadcrumbLabel(value === undefined || value === null ? undefined : String(value));
  return null;
}
