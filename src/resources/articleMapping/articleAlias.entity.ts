import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, nameField } from '../sharedFields';

/** Artikel-Aliase: a name for a family of article numbers, given as a regular expression. */
export default defineEntity({
  name: 'admin/article-aliases',
  table: 'article_alias',
  area: 'admin',
  tabOrder: 60,
  label: { one: 'Artikel-Alias', many: 'Artikel-Aliase' },
  recordRepresentation: 'name',
  access: { read: [GROUPS.admin], write: [GROUPS.admin] },
  endpoints: {
    list: 'admin/getAllArticleAliases',
    write: 'admin/saveArticleAlias',
    remove: 'admin/deleteArticleAlias',
  },
  fields: [
    nameField(60),
    {
      source: 'pattern',
      label: 'Muster',
      type: 'text',
      searchable: true,
      filterable: true,
      helperText: 'Regulärer Ausdruck über die Artikelnummer, z. B. ^KF-I4000- für alle IDEAL-4000-Fenster.',
      rule: (yup) => yup.articlePattern(),
    },
    {
      source: 'description',
      label: 'Beschreibung',
      type: 'longtext',
      inList: false,
      rule: (yup) => yup.string().trim().max(500).nullable().default(null),
    },
    activeField(),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  unique: {
    article_alias_name_key: { field: 'name', message: 'Einen Alias mit diesem Namen gibt es bereits.' },
  },
});
