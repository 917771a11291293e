import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';

/** Custom statuses of a Vorgang: the columns of the Kartenansicht, in board order. */
export default defineEntity({
  name: 'admin/custom-statuses',
  table: 'custom_status',
  area: 'admin',
  tabOrder: 40,
  label: { one: 'Eigener Status', many: 'Eigene Status' },
  recordRepresentation: 'name',
  access: { read: [GROUPS.admin, GROUPS.kunde], write: [GROUPS.admin] },
  endpoints: {
    list: 'customStatus/getAllCustomStatus',
    write: 'customStatus/putSingleCustomStatus',
    remove: 'customStatus/deleteCustomStatus',
  },
  fields: [
    { source: 'name', label: 'Name', type: 'text', searchable: true, filterable: true, sortable: true },
    { source: 'color', label: 'Farbe', type: 'color' },
    { source: 'sortOrder', label: 'Spalte (Reihenfolge)', type: 'integer', sortable: true },
    { source: 'active', label: 'Aktiv', type: 'boolean', sortable: true },
  ],
  schema: (yup) =>
    yup.object({
      name: yup.string().trim().required().max(40),
      color: yup.hexColor(),
      sortOrder: yup.number().integer().min(0).max(999).default(0),
      active: yup.boolean().default(true),
    }),
  defaultSort: { field: 'sortOrder', order: 'ASC' },
  unique: {
    custom_status_name_key: { field: 'name', message: 'Einen Status mit diesem Namen gibt es bereits.' },
  },
  usedBy: [{ table: 'vorgang', column: 'custom_status_id', label: 'Vorgängen' }],
  whenInUse: 'deactivate',
});
