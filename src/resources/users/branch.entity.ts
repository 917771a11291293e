import { GROUPS, LOCATION_GROUP_PREFIX } from '../../auth/groups';
import { defineEntity } from '../entity';
import { activeField, countryField, emailField, nameField } from '../sharedFields';
import { postcodeProblem } from '../postcode.rules';

/** Filialen (branches): where sellers work; a directory location group ties people to one. */
export default defineEntity({
  name: 'admin-verkauf/branches',
  table: 'branch',
  area: 'admin-verkauf',
  tabOrder: 30,
  label: { one: 'Filiale', many: 'Filialen' },
  recordRepresentation: 'name',
  access: {
    read: [GROUPS.adminVerkauf, GROUPS.admin, GROUPS.kunde, GROUPS.nps],
    write: [GROUPS.adminVerkauf],
  },
  endpoints: {
    list: 'adminExtended/getAllBranches',
    write: 'adminExtended/saveBranch',
    remove: 'adminExtended/deleteBranch',
  },
  fields: [
    nameField(60),
    {
      source: 'code',
      label: 'Kürzel',
      type: 'text',
      searchable: true,
      sortable: true,
      rule: (yup) => yup.string().trim().max(10).nullable().default(null),
    },
    {
      source: 'street',
      label: 'Straße',
      type: 'text',
      inList: false,
      rule: (yup) => yup.string().trim().max(100).nullable().default(null),
    },
    {
      source: 'zip',
      label: 'PLZ',
      type: 'text',
      sortable: true,
      rule: (yup) =>
        yup
          .string()
          .trim()
          .nullable()
          .default(null)
          .when('country', ([country], schema) =>
            schema.test('postcode', (value, context) => {
              const problem = value ? postcodeProblem(country as string, value) : null;
              return problem ? context.createError({ message: problem }) : true;
            }),
          ),
    },
    {
      source: 'city',
      label: 'Ort',
      type: 'text',
      searchable: true,
      filterable: true,
      sortable: true,
      rule: (yup) => yup.string().trim().max(80).nullable().default(null),
    },
    countryField({ sortable: true }),
    {
      source: 'phone',
      label: 'Telefon',
      type: 'text',
      inputKind: 'tel',
      inList: false,
      rule: (yup) => yup.string().trim().max(40).nullable().default(null),
    },
    emailField({ inList: false }),
    {
      source: 'region',
      label: 'Region',
      type: 'text',
      filterable: true,
      sortable: true,
      rule: (yup) => yup.string().trim().max(60).nullable().default(null),
    },
    {
      source: 'locationGroup',
      label: 'Standortgruppe',
      type: 'text',
      inList: false,
      helperText: 'Verzeichnisgruppe der Mitarbeiter dieser Filiale, z. B. APP_STANDORT_S_KLAGENFURT.',
      rule: (yup) =>
        yup
          .string()
          .trim()
          .nullable()
          .default(null)
          .matches(new RegExp(`^${LOCATION_GROUP_PREFIX}_[A-Z0-9]+_[A-Z0-9_]+$`), {
            message: `Die Standortgruppe muss wie ${LOCATION_GROUP_PREFIX}_S_KLAGENFURT aufgebaut sein.`,
            excludeEmptyString: true,
          }),
    },
    activeField(),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  unique: { branch_name_key: { field: 'name', message: 'Eine Filiale mit diesem Namen gibt es bereits.' } },
  usedBy: [
    { table: 'app_user', column: 'branch_id', label: 'Benutzern' },
    { table: 'customer', column: 'branch_id', label: 'Kunden' },
    { table: 'vorgang', column: 'branch_id', label: 'Vorgängen' },
    { table: 'sales_target', column: 'branch_id', label: 'Verkaufszielen' },
  ],
  whenInUse: 'deactivate',
});
