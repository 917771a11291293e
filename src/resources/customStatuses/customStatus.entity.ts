import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, colorField, nameField, sortOrderField } from '../sharedFields';

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
  fields: [nameField(40), colorField(), sortOrderField(999, 'Spalte (Reihenfolge)'), activeField()],
  defaultSort: { field: 'sortOrder', order: 'ASC' },
  unique: {
    custom_status_name_key: { field: 'name', message: 'Einen Status mit diesem Namen gibt es bereits.' },
  },
  usedBy: [{ table: 'vorgang', column: 'custom_status_id', label: 'Vorgängen' }],
  whenInUse: 'deactivate',
});
