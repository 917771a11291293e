import { GROUPS } from '../../auth/groups';
import type { FieldDeclaration, FormDeclaration } from '../entity';
import { ibanProblem } from './iban';

const fields: FieldDeclaration[] = [
  { source: 'companyName', label: 'Firmenname', type: 'text' },
  { source: 'companyStreet', label: 'Straße', type: 'text' },
  { source: 'companyZip', label: 'PLZ', type: 'text' },
  { source: 'companyCity', label: 'Ort', type: 'text' },
  {
    source: 'companyCountry',
    label: 'Land',
    type: 'choice',
    choices: [
      { id: 'AT', name: 'Österreich' },
      { id: 'DE', name: 'Deutschland' },
    ],
  },
  { source: 'companyPhone', label: 'Telefon', type: 'text' },
  { source: 'companyEmail', label: 'E-Mail', type: 'text' },
  { source: 'companyWebsite', label: 'Website', type: 'text' },
  {
    source: 'companyVatId',
    label: 'UID-Nummer',
    type: 'text',
    helperText: 'z. B. ATU12345678 oder DE123456789',
  },
  { source: 'companyRegister', label: 'Firmenbuch / Handelsregister', type: 'text' },
  { source: 'companyBank', label: 'Bank', type: 'text' },
  { source: 'companyIban', label: 'IBAN', type: 'text' },
  {
    source: 'mailSenderName',
    label: 'Absendername',
    type: 'text',
    helperText: 'So erscheinen E-Mails an Kunden im Posteingang.',
  },
  { source: 'mailSenderAddress', label: 'Absenderadresse', type: 'text' },
  {
    source: 'defaultDueDays',
    label: 'Standard-Fälligkeit (Tage)',
    type: 'integer',
    helperText: 'Fälligkeit neuer Aktivitäten, wenn nichts anderes gewählt wird.',
  },
  { source: 'offerValidityDays', label: 'Angebote gültig (Tage)', type: 'integer' },
  { source: 'npsEnabled', label: 'NPS-Umfragen versenden', type: 'boolean' },
  {
    source: 'npsDelayDays',
    label: 'NPS-Umfrage nach (Tagen)',
    type: 'integer',
    helperText: 'Tage nach der Rechnung, bis der Kunde die Umfrage bekommt.',
  },
];

const optional = (yup: Parameters<FormDeclaration['schema']>[0], max: number) =>
  yup.string().trim().max(max).nullable().default(null);

/** Global settings (globalSettings/getGlobalSettings, putGlobalSettings): one row, edited as one form. */
export const GLOBAL_SETTINGS = {
  name: 'globalSettings',
  group: GROUPS.admin,
  fields,
  sections: [
    {
      title: 'Firma (auf Angeboten und E-Mails)',
      fields: [
        'companyName',
        'companyStreet',
        'companyZip',
        'companyCity',
        'companyCountry',
        'companyPhone',
        'companyEmail',
        'companyWebsite',
        'companyVatId',
        'companyRegister',
        'companyBank',
        'companyIban',
      ],
    },
    { title: 'E-Mail-Versand', fields: ['mailSenderName', 'mailSenderAddress'] },
    { title: 'Vorgaben', fields: ['defaultDueDays', 'offerValidityDays', 'npsEnabled', 'npsDelayDays'] },
  ],
  schema: (yup) =>
    yup.object({
      companyName: yup.string().trim().required().max(120),
      companyStreet: optional(yup, 120),
      companyZip: optional(yup, 10),
      companyCity: optional(yup, 80),
      companyCountry: yup.string().oneOf(['AT', 'DE']).required().default('AT'),
      companyPhone: optional(yup, 40),
      companyEmail: optional(yup, 120).email(),
      companyWebsite: optional(yup, 120).matches(/^(https?:\/\/)?[\w.-]+\.[a-z]{2,}(\/\S*)?$/i, {
        message: 'Website muss eine Adresse wie www.firma.at sein.',
        excludeEmptyString: true,
      }),
      companyVatId: optional(yup, 20).matches(/^(ATU\d{8}|DE\d{9})$/, {
        message: 'UID-Nummer muss wie ATU12345678 oder DE123456789 aussehen.',
        excludeEmptyString: true,
      }),
      companyRegister: optional(yup, 80),
      companyBank: optional(yup, 80),
      companyIban: optional(yup, 42).test('iban', (value, context) => {
        const problem = value ? ibanProblem(value) : null;
        return problem ? context.createError({ message: problem }) : true;
      }),
      mailSenderName: optional(yup, 80),
      mailSenderAddress: optional(yup, 120).email(),
      defaultDueDays: yup.number().integer().min(0).max(365).required().default(7),
      offerValidityDays: yup.number().integer().min(1).max(365).required().default(30),
      npsEnabled: yup.boolean().default(true),
      npsDelayDays: yup.number().integer().min(0).max(365).required().default(14),
    }),
} satisfies FormDeclaration & { group: string; sections: { title: string; fields: string[] }[] };
