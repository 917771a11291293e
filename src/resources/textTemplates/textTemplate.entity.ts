import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, nameField } from '../sharedFields';
import { MAIL_PURPOSES, MAIL_PURPOSE_IDS } from '../consent/consent.rules';
import { PLACEHOLDERS, unknownPlaceholders } from './placeholders.rules';

const GROUP_CHOICES = [
  { id: GROUPS.kunde, name: 'Verkauf (APP_KUNDE)' },
  { id: GROUPS.adminVerkauf, name: 'Verkaufsleitung (APP_ADMIN_VERKAUF)' },
  { id: GROUPS.admin, name: 'Administration (APP_ADMIN)' },
  { id: GROUPS.nps, name: 'NPS (APP_NPS)' },
  { id: GROUPS.dateien, name: 'Dateien (APP_DATEIEN)' },
];

const placeholderRule = (value: string | undefined) => !value || unknownPlaceholders(value).length === 0;
const placeholderMessage = ({ label, value }: { label: string; value: unknown }) =>
  `${label}: ${unknownPlaceholders(String(value)).join(', ')} gibt es nicht. Erlaubt sind ${PLACEHOLDERS.map((p) => `{{${p.name}}}`).join(', ')}.`;

/** Textvorlagen: e-mails to customers with placeholders, visible to everyone, some groups or some people. */
export default defineEntity({
  name: 'admin-verkauf/text-templates',
  table: 'text_template',
  area: 'admin-verkauf',
  tabOrder: 60,
  label: { one: 'Textvorlage', many: 'Textvorlagen' },
  recordRepresentation: 'name',
  access: { read: [GROUPS.adminVerkauf], write: [GROUPS.adminVerkauf] },
  endpoints: {
    list: 'adminExtended/getAllTextTemplates',
    write: 'adminExtended/patchTextTemplate',
    remove: 'adminExtended/deleteTextTemplate',
  },
  fields: [
    nameField(80),
    {
      source: 'purpose',
      label: 'Zweck',
      type: 'choice',
      sortable: true,
      filterable: true,
      choices: [...MAIL_PURPOSES],
      helperText:
        'Werbung (Einladungen, Aktionen, Neuigkeiten) geht nur an Kunden mit Einwilligung und bekommt einen Abmeldelink; Service/Vertrag (Angebot, Termin, Auftrag) an alle.',
      // No default: whoever writes a template decides what its mails are for.
      rule: (yup) => yup.string().oneOf(MAIL_PURPOSE_IDS).required(),
    },
    {
      source: 'subject',
      label: 'Betreff',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      rule: (yup) =>
        yup.string().trim().required().max(200).test('placeholders', placeholderMessage, placeholderRule),
    },
    {
      source: 'body',
      label: 'Text',
      type: 'longtext',
      inList: false,
      helperText: 'Platzhalter in doppelten geschweiften Klammern, z. B. {{Anrede}} {{Name}}.',
      rule: (yup) =>
        yup.string().trim().required().max(10000).test('placeholders', placeholderMessage, placeholderRule),
    },
    {
      source: 'visibility',
      label: 'Sichtbar für',
      type: 'choice',
      sortable: true,
      choices: [
        { id: 'alle', name: 'Alle' },
        { id: 'gruppen', name: 'Bestimmte Gruppen' },
        { id: 'benutzer', name: 'Bestimmte Personen' },
      ],
      rule: (yup) => yup.string().oneOf(['alle', 'gruppen', 'benutzer']).required().default('alle'),
    },
    {
      source: 'groupNames',
      label: 'Gruppen',
      type: 'choiceMany',
      inList: false,
      shownWhen: { source: 'visibility', equals: 'gruppen' },
      through: { table: 'text_template_group', ownKey: 'template_id', otherKey: 'group_name' },
      choices: GROUP_CHOICES,
      rule: (yup) =>
        yup
          .array(
            yup
              .string()
              .oneOf(GROUP_CHOICES.map((c) => c.id))
              .required(),
          )
          .default([])
          .when('visibility', ([visibility], schema) =>
            visibility === 'gruppen'
              ? schema.min(1, ({ label }) => `${label}: Bitte wählen Sie mindestens eine Gruppe.`)
              : schema,
          ),
    },
    {
      source: 'userIds',
      label: 'Personen',
      type: 'referenceMany',
      inList: false,
      shownWhen: { source: 'visibility', equals: 'benutzer' },
      reference: 'admin-benutzer/users',
      through: { table: 'text_template_user', ownKey: 'template_id', otherKey: 'user_id' },
      rule: (yup) =>
        yup
          .array(yup.number().integer().required())
          .default([])
          .when('visibility', ([visibility], schema) =>
            visibility === 'benutzer'
              ? schema.min(1, ({ label }) => `${label}: Bitte wählen Sie mindestens eine Person.`)
              : schema,
          ),
    },
    activeField(),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  unique: {
    text_template_name_key: { field: 'name', message: 'Eine Textvorlage mit diesem Namen gibt es bereits.' },
  },
  usedBy: [{ table: 'sent_mail', column: 'template_id', label: 'gesendeten E-Mails' }],
  whenInUse: 'deactivate',
});
