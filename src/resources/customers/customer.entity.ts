import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { COUNTRY_CHOICES, optionalText, phoneRule, postcodeRule } from './addressRules';

const CUSTOMER_TYPES = [
  { id: 'privat', name: 'Privat' },
  { id: 'gewerbe', name: 'Gewerbe' },
  { id: 'haendler', name: 'Händler' },
];

/** Kunden: the customers sales staff work with every day (SPEC §7 kunde/…), for everyone with APP_KUNDE. */
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
  fields: [
    {
      source: 'customerNumber',
      label: 'Kundennummer',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      helperText: 'Aus dem ERP; bei neuen Kunden leer lassen.',
    },
    {
      source: 'displayName',
      label: 'Name',
      type: 'text',
      column: 'display_name',
      searchable: true,
      filterable: true,
      sortable: true,
      inForm: false,
    },
    { source: 'customerType', label: 'Kundentyp', type: 'choice', choices: CUSTOMER_TYPES, inList: false },
    { source: 'salutation', label: 'Anrede', type: 'text', inList: false },
    { source: 'title', label: 'Titel', type: 'text', inList: false },
    { source: 'firstName', label: 'Vorname', type: 'text', inList: false },
    { source: 'lastName', label: 'Nachname', type: 'text', inList: false },
    { source: 'companyName', label: 'Firma', type: 'text', inList: false },
    { source: 'street', label: 'Straße', type: 'text', inList: false },
    { source: 'zip', label: 'PLZ', type: 'text', filterable: true, sortable: true },
    { source: 'city', label: 'Ort', type: 'text', searchable: true, filterable: true, sortable: true },
    {
      source: 'country',
      label: 'Land',
      type: 'choice',
      inList: false,
      choices: COUNTRY_CHOICES,
    },
    { source: 'phone', label: 'Telefon', type: 'text', searchable: true, filterable: true },
    { source: 'mobile', label: 'Mobil', type: 'text', inList: false },
    { source: 'email', label: 'E-Mail', type: 'text', searchable: true, inList: false },
    {
      source: 'ownerUserId',
      label: 'Betreuer',
      type: 'reference',
      column: 'owner_user_id',
      reference: 'admin-benutzer/users',
      sortable: true,
    },
    {
      source: 'branchId',
      label: 'Filiale',
      type: 'reference',
      reference: 'admin-verkauf/branches',
      sortable: true,
    },
    {
      source: 'labelIds',
      label: 'Labels',
      type: 'referenceMany',
      reference: 'admin/labels',
      through: { table: 'customer_label', ownKey: 'customer_id', otherKey: 'label_id' },
      // Labels are added and removed in place on the customer page (with their due dates), not in the form.
      inForm: false,
    },
    { source: 'newsletterConsent', label: 'Newsletter', type: 'boolean', inList: false },
    { source: 'lastActivityAt', label: 'Letzte Aktivität', type: 'date', sortable: true, inForm: false },
  ],
  schema: (yup) => {
    const optional = (max: number) => optionalText(yup, max);
    return yup.object({
      customerNumber: optional(20),
      displayName: yup.string().strip(),
      customerType: yup.string().oneOf(['privat', 'gewerbe', 'haendler']).required().default('privat'),
      salutation: optional(20),
      title: optional(40),
      firstName: optional(80),
      lastName: optional(80).test(
        'name',
        'Bitte geben Sie einen Nachnamen oder eine Firma ein.',
        function hasName(value) {
          return Boolean(value || (this.parent as { companyName?: string | null }).companyName);
        },
      ),
      companyName: optional(120),
      street: optional(120),
      zip: postcodeRule(yup),
      city: optional(80),
      country: yup.string().oneOf(['AT', 'DE']).required().default('AT'),
      phone: phoneRule(yup),
      mobile: phoneRule(yup),
      email: optional(120).email(),
      ownerUserId: yup.optionalInteger(),
      branchId: yup.optionalInteger(),
      labelIds: yup.array().strip(),
      newsletterConsent: yup.boolean().default(false),
      lastActivityAt: yup.string().strip(),
    });
  },
  defaultSort: { field: 'displayName', order: 'ASC' },
  unique: {
    customer_number_key: { field: 'customerNumber', message: 'Diese Kundennummer ist schon vergeben.' },
  },
});
