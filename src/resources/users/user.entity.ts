import { GROUPS } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, emailField, nameField } from '../sharedFields';

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
    nameField(100),
    {
      source: 'username',
      label: 'Benutzername',
      type: 'text',
      searchable: true,
      sortable: true,
      rule: (yup) => yup.string().trim().max(100).nullable().default(null),
    },
    emailField({ searchable: true, filterable: true, sortable: true }),
    {
      source: 'initials',
      label: 'Kürzel',
      type: 'text',
      sortable: true,
      rule: (yup) =>
        yup
          .string()
          .trim()
          .nullable()
          .default(null)
          .matches(/^[A-Za-zÄÖÜäöüß]{1,4}$/, {
            message: 'Das Kürzel besteht aus 1 bis 4 Buchstaben.',
            excludeEmptyString: true,
          }),
    },
    {
      source: 'branchId',
      label: 'Filiale',
      type: 'reference',
      reference: 'admin-verkauf/branches',
      sortable: true,
      rule: (yup) => yup.number().integer().nullable().default(null),
    },
    {
      source: 'phone',
      label: 'Telefon',
      type: 'text',
      inputKind: 'tel',
      inList: false,
      rule: (yup) => yup.string().trim().max(40).nullable().default(null),
    },
    {
      source: 'mailSignature',
      label: 'E-Mail-Signatur',
      type: 'longtext',
      inList: false,
      helperText: 'Steht unter jeder E-Mail, die diese Person an Kunden sendet.',
      rule: (yup) => yup.string().max(2000).nullable().default(null),
    },
    {
      source: 'azureOid',
      label: 'Verzeichnis-ID',
      type: 'text',
      inList: false,
      readOnly: true,
      helperText: 'Wird mit der Person aus dem Verzeichnis übernommen.',
      rule: (yup) => yup.string().trim().required().max(64),
    },
    activeField(),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  unique: {
    app_user_azure_oid_key: {
      field: 'azureOid',
      message: 'Diese Person aus dem Verzeichnis ist bereits als Benutzer angelegt.',
    },
  },
});
