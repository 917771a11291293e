import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField } from '../sharedFields';

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
      rule: (yup) => yup.string().trim().required().max(40),
    },
    {
      source: 'name',
      label: 'Bezeichnung',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      rule: (yup) => yup.string().trim().required().max(200),
    },
    {
      source: 'goodsGroupId',
      label: 'Warengruppe',
      type: 'reference',
      reference: 'admin-verkauf/goods-groups',
      rule: (yup) => yup.number().integer().nullable().default(null),
    },
    {
      source: 'unit',
      label: 'Einheit',
      type: 'text',
      sortable: true,
      rule: (yup) => yup.string().trim().required().max(10).default('Stk'),
    },
    {
      source: 'priceCents',
      label: 'Preis',
      type: 'money',
      sortable: true,
      rule: (yup) => yup.number().integer().min(0).default(0),
    },
    {
      source: 'costCents',
      label: 'Kosten',
      type: 'money',
      sortable: true,
      rule: (yup) => yup.number().integer().min(0).default(0),
    },
    activeField(),
  ],
  defaultSort: { field: 'articleNumber', order: 'ASC' },
  unique: {
    article_number_key: { field: 'articleNumber', message: 'Diese Artikelnummer gibt es bereits.' },
  },
});
