import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, nameField } from '../sharedFields';

/** Artikel-Mappings: assign the articles their aliases match to a product group, for statistics and targets. */
export default defineEntity({
  name: 'admin/article-mappings',
  table: 'article_mapping',
  area: 'admin',
  tabOrder: 70,
  label: { one: 'Artikel-Mapping', many: 'Artikel-Mappings' },
  recordRepresentation: 'name',
  access: { read: [GROUPS.admin], write: [GROUPS.admin] },
  endpoints: {
    list: 'adminExtended/getAllArticleMappings',
    write: 'adminExtended/saveArticleMapping',
    remove: 'adminExtended/deleteArticleMapping',
  },
  fields: [
    nameField(60),
    {
      source: 'productGroupId',
      label: 'Produktgruppe',
      type: 'reference',
      reference: 'admin-verkauf/product-groups',
      sortable: true,
      rule: (yup) => yup.number().integer().required(),
    },
    {
      source: 'priority',
      label: 'Priorität',
      type: 'integer',
      sortable: true,
      helperText: 'Passt ein Artikel zu mehreren Mappings, gilt das mit der höchsten Priorität.',
      rule: (yup) => yup.number().integer().min(0).max(999).default(0),
    },
    activeField(),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  unique: {
    article_mapping_name_key: { field: 'name', message: 'Ein Mapping mit diesem Namen gibt es bereits.' },
  },
});
