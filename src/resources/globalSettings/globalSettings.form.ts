import { GROUPS } from '../../auth/groups';
import type { FieldDeclaration, FormDeclaration } from '../entity';
import { countryField, optionalText } from '../sharedFields';
import { ibanProblem } from './iban.rules';

const fields: FieldDeclaration[] = [
  {
    source: 'companyName',
    label: 'Firmenname',
    type: 'text',
    rule: (yup) => yup.string().trim().required().max(120),
  },
  { source: 'companyStreet', label: 'Straße', type: 'text', rule: (yup) => optionalText(yup, 120) },
  { source: 'companyZip', label: 'PLZ', type: 'text', rule: (yup) => optionalText(yup, 10) },
  { source: 'companyCity', label: 'Ort', type: 'text', rule: (yup) => optionalText(yup, 80) },
  countryField({ source: 'companyCountry' }),
  {
    source: 'companyPhone',
    label: 'Telefon',
    type: 'text',
    inputKind: 'tel',
    rule: (yup) => optionalText(yup, 40),
  },
  {
    source: 'companyEmail',
    label: 'E-Mail',
    type: 'text',
    inputKind: 'email',
    rule: (yup) => optionalText(yup, 120).email(),
  },
  {
    source: 'companyWebsite',
    label: 'Website',
    type: 'text',
    rule: (yup) =>
      optionalText(yup, 120).matches(/^(https?:\/\/)?[\w.-]+\.[a-z]{2,}(\/\S*)?$/i, {
        message: 'Website muss eine Adresse wie www.firma.at sein.',
        excludeEmptyString: true,
      }),
  },
  {
    source: 'companyVatId',
    label: 'UID-Nummer',
    type: 'text',
    helperText: 'z. B. ATU12345678 oder DE123456789',
    rule: (yup) =>
      optionalText(yup, 20).matches(/^(ATU\d{8}|DE\d{9})$/, {
        message: 'UID-Nummer muss wie ATU12345678 oder DE123456789 aussehen.',
        excludeEmptyString: true,
      }),
  },
  {
    source: 'companyRegister',
    label: 'Firmenbuch / Handelsregister',
    type: 'text',
    rule: (yup) => optionalText(yup, 80),
  },
  { source: 'companyBank', label: 'Bank', type: 'text', rule: (yup) => optionalText(yup, 80) },
  {
    source: 'companyIban',
    label: 'IBAN',
    type: 'text',
    rule: (yup) =>
      optionalText(yup, 42).test('iban', (value, context) => {
        const problem = value ? ibanProblem(value) : null;
        return problem ? context.createError({ message: problem }) : true;
      }),
  },
  {
    source: 'mailSenderName',
    label: 'Absendername',
    type: 'text',
    helperText: 'So erscheinen E-Mails an Kunden im Posteingang.',
    rule: (yup) => optionalText(yup, 80),
  },
  {
    source: 'mailSenderAddress',
    label: 'Absenderadresse',
    type: 'text',
    rule: (yup) => optionalText(yup, 120).email(),
  },
  {
    source: 'defaultDueDays',
    label: 'Standard-Fälligkeit (Tage)',
    type: 'integer',
    helperText: 'Fälligkeit neuer Aktivitäten, wenn nichts anderes gewählt wird.',
    rule: (yup) => yup.number().integer().min(0).max(365).required().default(7),
  },
  {
    source: 'offerValidityDays',
    label: 'Angebote gültig (Tage)',
    type: 'integer',
    rule: (yup) => yup.number().integer().min(1).max(365).required().default(30),
  },
  {
    source: 'npsEnabled',
    label: 'NPS-Umfragen versenden',
    type: 'boolean',
    rule: (yup) => yup.boolean().default(true),
  },
  {
    source: 'npsDelayDays',
    label: 'NPS-Umfrage nach (Tagen)',
    type: 'integer',
    helperText: 'Tage nach der Rechnung, bis der Kunde die Umfrage bekommt.',
    rule: (yup) => yup.number().integer().min(0).max(365).required().default(14),
  },
  {
    source: 'changeHistoryMonths',
    label: 'Änderungsverlauf aufbewahren (Monate)',
    type: 'integer',
    helperText: 'Ältere Einträge des Änderungsverlaufs werden täglich gelöscht.',
    rule: (yup) => yup.number().integer().min(1).max(120).required().default(24),
  },
];

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
    { title: 'Änderungsverlauf', fields: ['changeHistoryMonths'] },
  ],
} satisfies FormDeclaration & { group: string; sections: { title: string; fields: string[] }[] };
