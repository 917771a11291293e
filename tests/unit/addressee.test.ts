import { describe, expect, it } from 'vitest';
import { formalName } from '../../src/resources/customers/addressee.rules';

describe('formalName (how the Sie-form greets a customer)', () => {
  it('names a person by Anrede, Titel and Nachname, as the mail does', () => {
    expect(formalName({ salutation: 'Frau', title: null, lastName: 'Schwandke' })).toBe('Frau Schwandke');
    expect(formalName({ salutation: ' herr ', title: 'Dr.', lastName: 'Gruber ' })).toBe('Herr Dr. Gruber');
    expect(formalName({ salutation: 'Familie', title: '', lastName: 'Huber' })).toBe('Familie Huber');
  });

  it('names nobody without a personal Anrede or a last name (a company, or nothing known)', () => {
    expect(formalName({ salutation: 'Firma', title: null, lastName: 'Koczulla' })).toBeNull();
    expect(formalName({ salutation: null, title: null, lastName: 'Schwandke' })).toBeNull();
    expect(formalName({ salutation: 'Frau', title: null, lastName: '  ' })).toBeNull();
  });
});
