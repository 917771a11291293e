import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';

/** Verkaufsziele: a yearly target in euros per seller or per branch, optionally for one product group. */
export default defineEntity({
  name: 'admin-verkauf/sales-targets',
  table: 'sales_target',
  area: 'admin-verkauf',
  tabOrder: 40,
  label: { one: 'Verkaufsziel', many: 'Verkaufsziele' },
  recordRepresentation: 'year',
  access: { read: [GROUPS.adminVerkauf], write: [GROUPS.adminVerkauf] },
  endpoints: {
    list: 'sales-target/getAllSalesTargets',
    create: 'sales-target/createSalesTarget',
    write: 'sales-target/updateSalesTarget',
    remove: 'sales-target/deleteSalesTarget',
  },
  fields: [
    {
      source: 'year',
      label: 'Jahr',
      type: 'integer',
      sortable: true,
      rule: (yup) =>
        yup
          .number()
          .integer()
          .min(2000)
          .max(2100)
          .required()
          .default(() => new Date().getFullYear()),
    },
    {
      source: 'userId',
      label: 'Verkäufer',
      type: 'reference',
      reference: 'admin-benutzer/users',
      sortable: true,
      helperText: 'Entweder ein Verkäufer oder eine Filiale.',
      rule: (yup) => yup.optionalInteger(),
    },
    {
      source: 'branchId',
      label: 'Filiale',
      type: 'reference',
      reference: 'admin-verkauf/branches',
      sortable: true,
      rule: (yup) => yup.optionalInteger(),
    },
    {
      source: 'productGroupId',
      label: 'Produktgruppe',
      type: 'reference',
      reference: 'admin-verkauf/product-groups',
      sortable: true,
      helperText: 'Leer: Ziel über das ganze Sortiment.',
      rule: (yup) => yup.optionalInteger(),
    },
    {
      source: 'targetCents',
      label: 'Ziel',
      type: 'money',
      sortable: true,
      rule: (yup) => yup.number().integer().min(0).max(100_000_000_000).required(),
    },
  ],
  // A target belongs to a seller or to a branch, never both, never neither; the form marks the seller.
  schema: (yup, object) =>
    object.test('owner', function owner(row: { userId?: number | null; branchId?: number | null }) {
      const given = (id: number | null | undefined) => id !== null && id !== undefined;
      return (
        given(row.userId) !== given(row.branchId) ||
        this.createError({
          path: 'userId',
          message: 'Verkäufer: Bitte wählen Sie entweder einen Verkäufer oder eine Filiale.',
        })
      );
    }),
  defaultSort: { field: 'year', order: 'DESC' },
  unique: {
    sales_target_key: {
      field: 'year',
      message:
        'Für diesen Verkäufer bzw. diese Filiale gibt es in diesem Jahr und dieser Produktgruppe schon ein Ziel.',
    },
  },
});
