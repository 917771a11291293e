import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { ACTIVITY_NOTE_MAX_LENGTH, ACTIVITY_TYPES } from './activityTypes';

/**
 * Aktivitäten: contacts with a customer (the client's activity/… paths, kunde/getActivitiesForCustomer),
 * APP_KUNDE.
 */
export default defineEntity({
  name: 'aktivitaeten',
  table: 'activity',
  tabOrder: 1,
  label: { one: 'Aktivität', many: 'Aktivitäten' },
  recordRepresentation: 'activityType',
  access: { read: [GROUPS.kunde], write: [GROUPS.kunde] },
  endpoints: {
    list: 'kunde/getActivitiesForCustomer',
    create: 'activity/createNewActivity',
    write: 'activity/putSingleActivity',
  },
  fields: [
    // Set by the customer page the activity is logged on, not chosen in the form.
    {
      source: 'customerId',
      label: 'Kunde',
      type: 'reference',
      reference: 'kunden',
      inList: false,
      inForm: false,
      rule: (yup) => yup.number().integer().required(),
    },
    // Set where the activity is logged for a Vorgang (Todos, the Vorgang page's Aktivitäten tab), not chosen in the form.
    {
      source: 'vorgangId',
      label: 'Vorgang',
      type: 'integer',
      inList: false,
      inForm: false,
      rule: (yup) => yup.optionalInteger(),
    },
    {
      source: 'activityType',
      label: 'Art',
      type: 'choice',
      choices: ACTIVITY_TYPES,
      sortable: true,
      rule: (yup) =>
        yup
          .string()
          .oneOf(ACTIVITY_TYPES.map((type) => type.id))
          .required(),
    },
    {
      source: 'reasonId',
      label: 'Grund',
      type: 'reference',
      column: 'reason_id',
      reference: 'admin/reasons',
      helperText: 'Manche Gründe geben dem Kunden ein Label (z. B. „Rückruf“).',
      rule: (yup) => yup.optionalInteger(),
    },
    {
      // When it took place, with its time of day (a Termin at 23:30 stays 23:30 in the company's zone).
      source: 'activityDate',
      label: 'Datum',
      type: 'datetime',
      sortable: true,
      rule: (yup) => yup.dateTime().required(),
    },
    { source: 'dueDate', label: 'Fällig am', type: 'date', sortable: true, rule: (yup) => yup.date() },
    {
      source: 'done',
      label: 'Erledigt',
      type: 'boolean',
      sortable: true,
      rule: (yup) => yup.boolean().default(false),
    },
    {
      source: 'note',
      label: 'Notiz',
      type: 'longtext',
      rule: (yup) => yup.string().trim().max(ACTIVITY_NOTE_MAX_LENGTH).nullable().default(null),
    },
    {
      source: 'userId',
      label: 'Mitarbeiter',
      type: 'reference',
      reference: 'admin-benutzer/users',
      inForm: false,
      rule: (yup) => yup.number().strip(),
    },
  ],
  defaultSort: { field: 'activityDate', order: 'DESC' },
});
