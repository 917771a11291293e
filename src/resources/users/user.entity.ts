import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';

/** Described users: directory people the CRM knows more about (Kürzel, Filiale, Signatur). */
export default defineEntity({
  name: 'admin-benutzer/users',
  table: 'app_user',
  area: 'admin-benutzer',
  tabOrder: 10,
  label: { one: 'Benutzer', many: 'Benutzer' },
  recordRepresentation: 'name',
  access: {
    // Sellers pick Betreuer and Verkäufer from this list; only admins describe people.
    read: [GROUPS.admin, GROUPS.adminVerkauf, GROUPS.kunde],
    write: [GROUPS.admin],
  },
  endpoints: { list: 'user/allDescribedUsers', write: 'user/saveUser' },
  fields: [
    { source: 'name', label: 'Name', type: 'text', searchable: true, filterable: true, sortable: true },
    { source: 'username', label: 'Benutzername', type: 'text', searchable: true, sortable: true },
    { source: 'email', label: 'E-Mail', type: 'text', searchable: true, filterable: true, sortable: true },
    { source: 'initials', label: 'Kürzel', type: 'text', sortable: true },
    {
      source: 'branchId',
      label: 'Filiale',
      type: 'reference',
      reference: 'admin-verkauf/branches',
      sortable: true,
    },
    { source: 'phone', label: 'Telefon', type: 'text', inList: false },
    {
      source: 'mailSignature',
      label: 'E-Mail-Signatur',
      type: 'longtext',
      inList: false,
      helperText: 'Steht unter jeder E-Mail, die diese Person an Kunden sendet.',
    },
    {
      source: 'azureOid',
      label: 'Verzeichnis-ID',
      type: 'text',
      inList: false,
      readOnly: true,
      helperText: 'Wird mit der Person aus dem Verzeichnis übernommen.',
    },
    { source: 'active', label: 'Aktiv', type: 'boolean', sortable: true },
  ],
  schema: (yup) =>
    yup.object({
      name: yup.string().trim().required().max(100),
      username: yup.string().trim().max(100).nullable().default(null),
      email: yup.string().trim().email().max(120).nullable().default(null),
      initials: yup
        .string()
        .trim()
        .nullable()
        .default(null)
        .matches(/^[A-Za-zÄÖÜäöüß]{1,4}$/, {
          message: 'Das Kürzel besteht aus 1 bis 4 Buchstaben.',
          excludeEmptyString: true,
        }),
      branchId: yup.number().integer().nullable().default(null),
      phone: yup.string().trim().max(40).nullable().default(null),
      mailSignature: yup.string().max(2000).nullable().default(null),
      azureOid: yup.string().trim().required().max(64),
      active: yup.boolean().default(true),
    }),
  defaultSort: { field: 'name', order: 'ASC' },
  unique: {
    app_user_azure_oid_key: {
      field: 'azureOid',
      message: 'Diese Person aus dem Verzeichnis ist bereits als Benutzer angelegt.',
    },
  },
});
