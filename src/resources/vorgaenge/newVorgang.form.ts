import type { FieldDeclaration, FormDeclaration } from '../entity';

const fields: FieldDeclaration[] = [
  {
    source: 'customerId',
    label: 'Kunde',
    type: 'reference',
    reference: 'kunden',
    rule: (yup) => yup.number().integer().min(1).required(),
  },
  {
    source: 'title',
    label: 'Bezeichnung',
    type: 'text',
    helperText: 'z. B. Fenstertausch Einfamilienhaus',
    rule: (yup) => yup.string().trim().min(3).max(200).required(),
  },
  {
    source: 'origin',
    label: 'Herkunft',
    type: 'text',
    rule: (yup) => yup.string().trim().max(80).nullable().default(null),
  },
  {
    source: 'sellerUserId',
    label: 'Verkäufer',
    type: 'reference',
    reference: 'admin-benutzer/users',
    rule: (yup) => yup.number().integer().min(1).required(),
  },
  {
    source: 'branchId',
    label: 'Filiale',
    type: 'reference',
    reference: 'admin-verkauf/branches',
    rule: (yup) => yup.number().integer().min(1).required(),
  },
  { source: 'expectedOrderDate', label: 'Erwarteter Auftrag', type: 'date', rule: (yup) => yup.date() },
];

/** A new Vorgang made in the CRM (an Anfrage before the ERP knows it): the same rules in form and server. */
export const newVorgangForm: FormDeclaration = { name: 'neuerVorgang', fields };
