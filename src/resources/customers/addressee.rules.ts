// A customer is a person, or a company (Firmenname) whose first and last name are its contact person (docs/glossary.md,
// Kunde). The Anrede "Firma" names the company itself, never a person: before the contact's name it made
// "Firma Nika Koczulla" on the offer. React-free: the server's documents use it.

/** Anreden of a person, as the text templates' greeting knows them (placeholderValues.ts). */
const PERSONAL_SALUTATIONS = ['frau', 'herr', 'familie'];

/** Whether an Anrede belongs to a person (Frau, Herr, Familie), not to a company (Firma) or nobody. */
export const isPersonalSalutation = (salutation: string | null | undefined): boolean =>
  PERSONAL_SALUTATIONS.includes(salutation?.trim().toLowerCase() ?? '');

interface Addressee {
  salutation: string | null;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}

/**
 * The name lines of an address block: a person with their Anrede ("Frau Dr. Anna Gruber"); a company by its
 * name, then its contact person with a personal Anrede only ("Frau Nika Koczulla", or just "Nika Koczulla").
 */
export function addresseeLines({ salutation, title, firstName, lastName, companyName }: Addressee): string[] {
  const join = (parts: (string | null)[]) => parts.filter((part) => part?.trim()).join(' ');
  if (!companyName?.trim()) return [join([salutation, title, firstName, lastName])];
  const personal = isPersonalSalutation(salutation) ? salutation : null;
  return lastName?.trim() ? [companyName, join([personal, title, firstName, lastName])] : [companyName];
}

/**
 * A person's name as the Sie-form addresses them ("Guten Tag, Frau Dr. Schwandke!"): Anrede, Titel, Nachname;
 * null without a personal Anrede or a last name (a company, or nobody known), where a greeting names no one.
 */
export function formalName({
  salutation,
  title,
  lastName,
}: Pick<Addressee, 'salutation' | 'title' | 'lastName'>): string | null {
  const anrede = salutation?.trim() ?? '';
  if (!isPersonalSalutation(anrede) || !lastName?.trim()) return null;
  const word = anrede.charAt(0).toUpperCase() + anrede.slice(1).toLowerCase();
  return [word, title?.trim(), lastName.trim()].filter(Boolean).join(' ');
}
