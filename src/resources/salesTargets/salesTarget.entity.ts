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
    { source: 'year', label: 'Jahr', type: 'integer', sortable: true },
    {
      source: 'userId',
      label: 'Verkäufer',
      type: 'reference',
      reference: 'admin-benutzer/users',
      sortable: true,
      helperText: 'Entweder ein Verkäufer oder eine Filiale.',
    },
    {
      source: 'branchId',
      label: 'Filiale',
      type: 'reference',
      reference: 'admin-verkauf/branches',
      sortable: true,
    },
    {
      source: 'productGroupId',
      label: 'Produktgruppe',
      type: 'reference',
      reference: 'admin-verkauf/product-groups',
      sortable: true,
      helperText: 'Leer: Ziel über das ganze Sortiment.',
    },
    { source: 'targetCents', label: 'Ziel', type: 'money', sortable: true },
  ],
  schema: (yup) =>
    yup.object({
      year: yup
        .number()
        .integer()
        .min(2000)
        .max(2100)
        .required()
        .default(() => new Date().getFullYear()),
      userId: yup.optionalInteger().test(
        'owner',
        ({ label }) => `${label}: Bitte wählen Sie entweder einen Verkäufer oder eine Filiale.`,
        function owner(value) {
          const branchId = (this.parent as { branchId?: number | null }).branchId;
          return (value === null || value === undefined) !== (branchId === null || branchId === undefined);
        },
      ),
      branchId: yup.optionalInteger(),
      productGroupId: yup.optionalInteger(),
      targetCents: yup.number().integer().min(0).max(100_000_000_000).required(),
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
