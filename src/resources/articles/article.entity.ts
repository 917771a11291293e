import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';

/**
 * Artikel from the ERP. The data sync owns them, so they are read-only here: a change in the CRM would
 * be overwritten by the next sync without anyone noticing.
 */
export default defineEntity({
  name: 'admin/articles',
  table: 'article',
  area: 'admin',
  tabOrder: 50,
  label: { one: 'Artikel', many: 'Artikel' },
  recordRepresentation: 'name',
  access: { read: [GROUPS.admin, GROUPS.kunde], write: [GROUPS.admin] },
  endpoints: { list: 'admin/getAllArticles' },
  fields: [
    {
      source: 'articleNumber',
      label: 'Artikelnummer',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
    },
    {
      source: 'name',
      label: 'Bezeichnung',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
    },
    {
      source: 'goodsGroupId',
      label: 'Warengruppe',
      type: 'reference',
      reference: 'admin-verkauf/goods-groups',
    },
    { source: 'unit', label: 'Einheit', type: 'text', sortable: true },
    { source: 'priceCents', label: 'Preis', type: 'money', sortable: true },
    { source: 'costCents', label: 'Kosten', type: 'money', sortable: true },
    { source: 'active', label: 'Aktiv', type: 'boolean', sortable: true },
  ],
  schema: (yup) =>
    yup.object({
      articleNumber: yup.string().trim().required().max(40),
      name: yup.string().trim().required().max(200),
      goodsGroupId: yup.number().integer().nullable().default(null),
      unit: yup.string().trim().required().max(10).default('Stk'),
      priceCents: yup.number().integer().min(0).default(0),
      costCents: yup.number().integer().min(0).default(0),
      active: yup.boolean().default(true),
    }),
  defaultSort: { field: 'articleNumber', order: 'ASC' },
  unique: {
    article_number_key: { field: 'articleNumber', message: 'Diese Artikelnummer gibt es bereits.' },
  },
});
