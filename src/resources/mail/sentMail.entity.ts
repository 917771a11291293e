import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';

/** Postausgang: every mail sent to a customer, and in the demo the built-in mail catcher, for APP_ADMIN. */
export default defineEntity({
  name: 'admin/postausgang',
  table: 'sent_mail',
  area: 'admin',
  tabOrder: 95,
  label: { one: 'Gesendete E-Mail', many: 'Postausgang' },
  recordRepresentation: 'subject',
  access: { read: [GROUPS.admin], write: [GROUPS.admin] },
  endpoints: { list: 'mail/getSentMails' },
  fields: [
    {
      source: 'sentAt',
      label: 'Gesendet am',
      // A point in time: dd.MM.yyyy HH:mm in the company's zone (as 'date' it showed the UTC day, no time).
      type: 'datetime',
      sortable: true,
      rule: (yup) => yup.string().strip(),
    },
    {
      source: 'senderName',
      label: 'Von',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      rule: (yup) => yup.string().strip(),
    },
    {
      source: 'recipient',
      label: 'An',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      rule: (yup) => yup.string().strip(),
    },
    {
      source: 'subject',
      label: 'Betreff',
      type: 'text',
      searchable: true,
      filterable: true,
      rule: (yup) => yup.string().strip(),
    },
    { source: 'body', label: 'Text', type: 'longtext', inList: false, rule: (yup) => yup.string().strip() },
    {
      source: 'status',
      label: 'Status',
      type: 'choice',
      filterable: true,
      choices: [
        { id: 'wartend', name: 'Wartet auf Versand' },
        { id: 'gesendet', name: 'Gesendet' },
        { id: 'fehler', name: 'Fehler' },
      ],
      rule: (yup) => yup.string().strip(),
    },
    { source: 'error', label: 'Fehler', type: 'text', inList: false, rule: (yup) => yup.string().strip() },
    {
      source: 'attachments',
      label: 'Anhänge',
      type: 'text',
      rule: (yup) => yup.string().strip(),
    },
    {
      source: 'deliveredVia',
      label: 'Zustellung',
      type: 'choice',
      choices: [
        { id: 'smtp', name: 'SMTP' },
        { id: 'mailcatcher', name: 'Mail-Catcher (nicht versendet)' },
        { id: 'graph', name: 'Microsoft 365 (Postfach des Absenders)' },
      ],
      rule: (yup) => yup.string().strip(),
    },
    {
      source: 'customerId',
      label: 'Kunde',
      type: 'reference',
      reference: 'kunden',
      inList: false,
      rule: (yup) => yup.number().strip(),
    },
  ],
  defaultSort: { field: 'sentAt', order: 'DESC' },
});
