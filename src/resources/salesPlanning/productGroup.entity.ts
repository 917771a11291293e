import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, nameField, sortOrderField } from '../sharedFields';

/** Produktgruppen: the sales view of the range (Kunststofffenster, Haustüren …) for statistics and targets. */
export default defineEntity({
  name: 'admin-verkauf/product-groups',
  table: 'product_group',
  area: 'admin-verkauf',
  tabOrder: 10,
  label: { one: 'Produktgruppe', many: 'Produktgruppen' },
  recordRepresentation: 'name',
  access: {
    read: [GROUPS.adminVerkauf, GROUPS.admin, GROUPS.kunde],
    write: [GROUPS.adminVerkauf],
  },
  // The client's API offers get, create and update only: a product group is retired by deactivating it.
  endpoints: { list: 'adminExtended/getAllProductGroups', write: 'adminExtended/saveProductGroup' },
  fields: [nameField(60), sortOrderField(9999), activeField()],
  defaultSort: { field: 'sortOrder', order: 'ASC' },
  unique: {
    product_group_name_key: {
      field: 'name',
      message: 'Eine Produktgruppe mit diesem Namen gibt es bereits.',
    },
  },
});
