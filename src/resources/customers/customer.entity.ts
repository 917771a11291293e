import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { countryField, optionalText, phoneField, postcodeField } from '../sharedFields';

const PERSON = 'Person/Firma';
const ADDRESS = 'Adresse';
const CONTACT = 'Kontakt';
const CARE = 'Betreuung';

/**
 * Who may hand a customer to another Betreuer or Filiale: the Betreuer, a sales lead of the customer's branch and
 * the administration, by the one edit and per record in a bulk job alike.
 */
export const CARE_CHANGE = {
  owner: 'ownerUserId',
  branchLead: 'branchId',
  groups: [GROUPS.admin],
  who: 'der Betreuer, die Verkaufsleitung der Filiale und die Administration',
} as const;

/** The customer types (Kundentyp) with their German names. */
export const CUSTOMER_TYPES = [
  { id: 'privat', name: 'Privat' },
  { id: 'gewerbe', name: 'Gewerbe' },
  { id: 'haendler', name: 'Händler' },
];

/**
 * Kunden: the customers sales staff work with every day (the client's kunde/… paths), for everyone with
 * APP_KUNDE.
 */
export default defineEntity({
  name: 'kunden',
  table: 'customer',
  tabOrder: 0,
  label: { one: 'Kunde', many: 'Kunden' },
  recordRepresentation: 'displayName',
  access: { read: [GROUPS.kunde], write: [GROUPS.kunde] },
  endpoints: {
    list: 'kunde/allCustomers',
    one: 'kunde/getSingleCustomer',
    create: 'kunde/saveNewCustomer',
    write: 'kunde/putSingleCustomer',
  },
  searchColumn: 'search_text',
  phoneSearchColumn: 'phone_digits',
  // In the form's order, by section (Person/Firma, Adresse, Kontakt, Betreuung).
  fields: [
    {
      source: 'displayName',
      label: 'Name',
      type: 'text',
      column: 'display_name',
      searchable: true,
      filterable: true,
      sortable: true,
      inForm: false,
      rule: (yup) => yup.string().strip(),
    },
    {
      source: 'customerType',
      label: 'Kundentyp',
      type: 'choice',
      choices: CUSTOMER_TYPES,
      inList: false,
      section: PERSON,
      rule: (yup) => yup.string().oneOf(['privat', 'gewerbe', 'haendler']).required().default('privat'),
    },
    {
      source: 'salutation',
      label: 'Anrede',
      type: 'text',
      inList: false,
      section: PERSON,
      choicesFrom: 'anrede',
      rule: (yup) => optionalText(yup, 20),
    },
    {
      source: 'title',
      label: 'Titel',
      type: 'text',
      inList: false,
      section: PERSON,
      rule: (yup) => optionalText(yup, 40),
    },
    {
      source: 'firstName',
      label: 'Vorname',
      type: 'text',
      inList: false,
      section: PERSON,
      rule: (yup) => optionalText(yup, 80),
    },
    {
      source: 'lastName',
      label: 'Nachname',
      type: 'text',
      inList: false,
      section: PERSON,
      // Checked on the field (not as an object rule) so that saving this one field in place checks it too.
      rule: (yup) =>
        optionalText(yup, 80).test(
          'name',
          'Bitte geben Sie einen Nachnamen oder eine Firma ein.',
          function hasName(value) {
            return Boolean(value || (this.parent as { companyName?: string | null }).companyName);
          },
        ),
    },
    {
      source: 'companyName',
      label: 'Firma',
      type: 'text',
      inList: false,
      section: PERSON,
      rule: (yup) => optionalText(yup, 120),
    },
    {
      source: 'street',
      label: 'Straße',
      type: 'text',
      inList: false,
      section: ADDRESS,
      rule: (yup) => optionalText(yup, 120),
    },
    { ...postcodeField({ filterable: true, sortable: true }), section: ADDRESS },
    {
      source: 'city',
      label: 'Ort',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      section: ADDRESS,
      rule: (yup) => optionalText(yup, 80),
    },
    { ...countryField({ inList: false }), section: ADDRESS },
    { ...phoneField({ searchable: true, filterable: true }), section: CONTACT },
    { ...phoneField({ source: 'mobile', label: 'Mobil', inList: false }), section: CONTACT },
    {
      source: 'email',
      label: 'E-Mail',
      type: 'text',
      inputKind: 'email',
      searchable: true,
      inList: false,
      section: CONTACT,
      rule: (yup) => optionalText(yup, 120).email(),
    },
    {
      source: 'ownerUserId',
      label: 'Betreuer',
      type: 'reference',
      column: 'owner_user_id',
      reference: 'admin-benutzer/users',
      sortable: true,
      section: CARE,
      changeableBy: CARE_CHANGE,
      rule: (yup) => yup.optionalInteger(),
    },
    {
      source: 'branchId',
      label: 'Filiale',
      type: 'reference',
      reference: 'admin-verkauf/branches',
      sortable: true,
      section: CARE,
      changeableBy: CARE_CHANGE,
      rule: (yup) => yup.optionalInteger(),
    },
    {
      source: 'origin',
      label: 'Herkunft',
      type: 'text',
      inList: false,
      section: CARE,
      choicesFrom: 'herkunft',
      rule: (yup) => optionalText(yup, 80),
    },
    {
      source: 'customerNumber',
      label: 'Kundennummer',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      section: CARE,
      editableBy: [GROUPS.admin],
      helperText: 'Aus dem ERP; nur die Administration kann sie ändern.',
      rule: (yup) => optionalText(yup, 20),
    },
    {
      source: 'labelIds',
      label: 'Labels',
      type: 'referenceMany',
      reference: 'admin/labels',
      through: { table: 'customer_label', ownKey: 'customer_id', otherKey: 'label_id' },
      // Labels are added and removed in place on the customer page (with their due dates), not in the form.
      inForm: false,
      rule: (yup) => yup.array().strip(),
    },
    {
      // The consent record's current state (server/consent): recorded with how and when on the customer page,
      // withdrawn there or by the customer's unsubscribe link; never set by a form or an edit in place.
      source: 'newsletterConsent',
      label: 'Einwilligung Werbung (E-Mail)',
      type: 'boolean',
      inList: false,
      inForm: false,
      rule: (yup) => yup.boolean().strip(),
    },
    {
      source: 'lastActivityAt',
      label: 'Letzte Aktivität',
      type: 'date',
      sortable: true,
      inForm: false,
      rule: (yup) => yup.string().strip(),
    },
  ],
  defaultSort: { field: 'displayName', order: 'ASC' },
  unique: {
    customer_number_key: { field: 'customerNumber', message: 'Diese Kundennummer ist schon vergeben.' },
  },
});
