import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, nameField } from '../sharedFields';

/** Warengruppen: the ERP's goods groups of articles (WG100 …), named for the sales staff. */
export default defineEntity({
  name: 'admin-verkauf/goods-groups',
  table: 'goods_group',
  area: 'admin-verkauf',
  tabOrder: 20,
  label: { one: 'Warengruppe', many: 'Warengruppen' },
  recordRepresentation: 'name',
  access: {
    read: [GROUPS.adminVerkauf, GROUPS.admin, GROUPS.kunde],
    write: [GROUPS.adminVerkauf],
  },
  endpoints: { list: 'adminExtended/getAllGoodsGroups', write: 'adminExtended/saveGoodsGroup' },
  fields: [
    nameField(80),
    {
      source: 'code',
      label: 'Kürzel im ERP',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      helperText: 'So heißt die Warengruppe im ERP, z. B. WG100.',
      rule: (yup) =>
        yup
          .string()
          .trim()
          .required()
          .max(20)
          .matches(/^[A-Za-z0-9_.-]+$/, {
            message: ({ label }) =>
              `${label} darf nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich enthalten.`,
          }),
    },
    activeField(),
  ],
  defaultSort: { field: 'code', order: 'ASC' },
  unique: {
    goods_group_code_key: { field: 'code', message: 'Eine Warengruppe mit diesem Kürzel gibt es bereits.' },
  },
});
