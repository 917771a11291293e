import type { FieldDeclaration, FormDeclaration } from '../entity';
import { postcodeProblem } from '../postcode';
import { normalizePhone } from './phone';

const fields: FieldDeclaration[] = [
  { source: 'name', label: 'Name', type: 'text', helperText: 'Firma oder Vor- und Nachname' },
  { source: 'street', label: 'Straße', type: 'text' },
  { source: 'zip', label: 'PLZ', type: 'text' },
  { source: 'city', label: 'Ort', type: 'text' },
  {
    source: 'country',
    label: 'Land',
    type: 'choice',
    choices: [
      { id: 'AT', name: 'Österreich' },
      { id: 'DE', name: 'Deutschland' },
    ],
  },
  { source: 'phone', label: 'Telefon', type: 'text' },
  { source: 'email', label: 'E-Mail', type: 'text' },
];

/** Endkunde of a Vorgang (kunde/addEndkundeToVorgang): the dealer's or builder's own customer. */
export const endCustomerForm: FormDeclaration = {
  name: 'endkunde',
  fields,
  schema: (yup) => {
    const optional = (max: number) => yup.string().trim().max(max).nullable().default(null);
    return yup.object({
      name: yup.string().trim().max(120).required(),
      street: optional(120),
      zip: optional(10).test('postcode', function postcode(value) {
        const problem = value ? postcodeProblem((this.parent as { country?: string }).country, value) : null;
        return problem ? this.createError({ message: problem }) : true;
      }),
      city: optional(80),
      country: yup.string().oneOf(['AT', 'DE']).required().default('AT'),
      phone: optional(40).transform(function normalize(value: string | null) {
        const country = (this as unknown as { parent?: { country?: string } }).parent?.country;
        return value ? normalizePhone(value, country) || null : value;
      }),
      email: optional(120).email(),
    });
  },
};
