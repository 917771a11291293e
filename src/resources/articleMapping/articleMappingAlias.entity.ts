import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';

/** Mapping-Aliase: the article-number patterns through which a mapping takes its articles. */
export default defineEntity({
  name: 'admin/article-mapping-aliases',
  table: 'article_mapping_alias',
  area: 'admin',
  tabOrder: 75,
  label: { one: 'Mapping-Alias', many: 'Mapping-Aliase' },
  recordRepresentation: 'pattern',
  access: { read: [GROUPS.admin], write: [GROUPS.admin] },
  endpoints: {
    list: 'adminExtended/getAllArticleMappingAliases',
    write: 'adminExtended/saveArticleMappingAlias',
    remove: 'adminExtended/deleteArticleMappingAlias',
  },
  fields: [
    {
      source: 'mappingId',
      label: 'Mapping',
      type: 'reference',
      reference: 'admin/article-mappings',
      sortable: true,
      rule: (yup) => yup.number().integer().required(),
    },
    {
      source: 'pattern',
      label: 'Muster',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      helperText:
        'Regulärer Ausdruck über die Artikelnummer, z. B. ^(KF|HA)- für alle Kunststoff- und Holz-Alu-Fenster.',
      rule: (yup) => yup.articlePattern(),
    },
  ],
  defaultSort: { field: 'mappingId', order: 'ASC' },
});
