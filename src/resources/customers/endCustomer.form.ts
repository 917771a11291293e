import type { FieldDeclaration, FormDeclaration } from '../entity';
import { COUNTRY_CHOICES, optionalText, phoneRule, postcodeRule } from './addressRules';

const fields: FieldDeclaration[] = [
  { source: 'name', label: 'Name', type: 'text', helperText: 'Firma oder Vor- und Nachname' },
  { source: 'street', label: 'Straße', type: 'text' },
  { source: 'zip', label: 'PLZ', type: 'text' },
  { source: 'city', label: 'Ort', type: 'text' },
  {
    source: 'country',
    label: 'Land',
    type: 'choice',
    choices: COUNTRY_CHOICES,
  },
  { source: 'phone', label: 'Telefon', type: 'text' },
  { source: 'email', label: 'E-Mail', type: 'text' },
];

/** Endkunde of a Vorgang (kunde/addEndkundeToVorgang): the dealer's or builder's own customer. */
export const endCustomerForm: FormDeclaration = {
  name: 'endkunde',
  fields,
  schema: (yup) =>
    yup.object({
      name: yup.string().trim().max(120).required(),
      street: optionalText(yup, 120),
      zip: postcodeRule(yup),
      city: optionalText(yup, 80),
      country: yup.string().oneOf(['AT', 'DE']).required().default('AT'),
      phone: phoneRule(yup),
      email: optionalText(yup, 120).email(),
    }),
};
