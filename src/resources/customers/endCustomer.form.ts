import type { FieldDeclaration, FormDeclaration } from '../entity';
import { countryField, optionalText, phoneField, postcodeField } from '../sharedFields';

const fields: FieldDeclaration[] = [
  {
    source: 'name',
    label: 'Name',
    type: 'text',
    helperText: 'Firma oder Vor- und Nachname',
    rule: (yup) => yup.string().trim().max(120).required(),
  },
  { source: 'street', label: 'Straße', type: 'text', rule: (yup) => optionalText(yup, 120) },
  postcodeField(),
  { source: 'city', label: 'Ort', type: 'text', rule: (yup) => optionalText(yup, 80) },
  countryField(),
  phoneField(),
  {
    source: 'email',
    label: 'E-Mail',
    type: 'text',
    inputKind: 'email',
    rule: (yup) => optionalText(yup, 120).email(),
  },
];

/** Endkunde of a Vorgang (kunde/addEndkundeToVorgang): the dealer's or builder's own customer. */
export const endCustomerForm: FormDeclaration = { name: 'endkunde', fields };
