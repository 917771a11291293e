import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, sortOrderField } from '../sharedFields';

/** The lookup lists the admins maintain (docs/glossary.md: Stammdaten). */
export const STAMMDATEN_CATEGORIES = [
  { id: 'anrede', name: 'Anrede' },
  { id: 'titel', name: 'Titel' },
  { id: 'herkunft', name: 'Herkunft' },
  { id: 'aktivitaetsart', name: 'Aktivitätsart' },
  { id: 'belegart', name: 'Belegart' },
  { id: 'einheit', name: 'Einheit' },
  { id: 'verlustgrund', name: 'Verlustgrund' },
] as const;

/** Stammdaten entries: category, value, order and whether they are offered. */
export default defineEntity({
  name: 'admin/stammdaten',
  table: 'stammdaten',
  area: 'admin',
  tabOrder: 30,
  label: { one: 'Stammdaten-Eintrag', many: 'Stammdaten' },
  recordRepresentation: 'value',
  access: { read: [GROUPS.admin, GROUPS.kunde], write: [GROUPS.admin] },
  endpoints: {
    list: 'stammdaten/getStammdaten',
    write: 'stammdaten/putSingleStammdaten',
    remove: 'stammdaten/deleteStammdaten',
  },
  fields: [
    {
      source: 'category',
      label: 'Kategorie',
      type: 'choice',
      choices: STAMMDATEN_CATEGORIES,
      sortable: true,
      rule: (yup) =>
        yup
          .string()
          .required()
          .oneOf(STAMMDATEN_CATEGORIES.map((c) => c.id)),
    },
    {
      source: 'value',
      label: 'Wert',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      rule: (yup) => yup.string().trim().required().max(80),
    },
    sortOrderField(9999),
    activeField(),
  ],
  defaultSort: { field: 'category', order: 'ASC' },
  unique: {
    stammdaten_category_value_key: {
      field: 'value',
      message: 'Diesen Wert gibt es in dieser Kategorie bereits.',
    },
  },
});
