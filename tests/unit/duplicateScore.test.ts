import { describe, expect, it } from 'vitest';
import {
  LIKELY_DUPLICATE,
  POSSIBLE_DUPLICATE,
  matchKeys,
  nameTokens,
  phoneKey,
  scoreMatch,
  streetKey,
  type MatchInput,
} from '../../src/resources/duplicates/duplicateScore.rules';

const score = (a: MatchInput, b: MatchInput) => scoreMatch(matchKeys(a), matchKeys(b));

describe('the duplicate score', () => {
  it('folds umlauts and ß, and their spelled-out forms, to one name', () => {
    expect(nameTokens({ lastName: 'Müller', firstName: 'Jürgen' })).toEqual(['juergen', 'mueller']);
    expect(nameTokens({ lastName: 'Mueller', firstName: 'Juergen' })).toEqual(['juergen', 'mueller']);
    expect(nameTokens({ companyName: 'Strauß Bau' })).toEqual(nameTokens({ companyName: 'STRAUSS BAU' }));
    expect(nameTokens({ companyName: 'Café Böck' })).toEqual(['boeck', 'cafe']);
  });

  it('ignores legal forms: GmbH, GmbH & Co KG, KG, e.U.', () => {
    const plain = nameTokens({ companyName: 'Holzbau Berger' });
    expect(plain).toEqual(['berger', 'holzbau']);
    for (const form of ['GmbH', 'GmbH & Co KG', 'GmbH & Co. KG', 'KG', 'e.U.', 'Ges.m.b.H.', 'OG']) {
      expect(nameTokens({ companyName: `Holzbau Berger ${form}` }), form).toEqual(plain);
    }
  });

  it('does not care about word order', () => {
    expect(nameTokens({ companyName: 'Berger Holzbau GmbH' })).toEqual(
      nameTokens({ companyName: 'Holzbau Berger' }),
    );
    expect(
      score({ firstName: 'Anna', lastName: 'Huber' }, { firstName: 'Huber', lastName: 'Anna' }).reasons,
    ).toEqual(['gleicher Name']);
  });

  it('reads phone numbers however they were typed (libphonenumber-js)', () => {
    expect(phoneKey('0463 / 12 34-56', 'AT')).toBe('+43463123456');
    expect(phoneKey('+43 463 123456', 'AT')).toBe('+43463123456');
    expect(phoneKey('0043463123456', 'DE')).toBe('+43463123456');
    expect(phoneKey('089 555 123', 'DE')).toBe('+4989555123');
    expect(phoneKey('089 555 123', 'AT')).not.toBe('+4989555123');
    expect(phoneKey('', 'AT')).toBeNull();
    const typed = score(
      { lastName: 'X', phone: '0664 / 123 45 67' },
      { lastName: 'Y', mobile: '+43 664 1234567' },
    );
    expect(typed.reasons).toEqual(['gleiche Telefonnummer']);
  });

  it('reads street spellings as one address', () => {
    expect(streetKey('Hauptstraße 5')).toBe(streetKey('Hauptstr. 5'));
    expect(streetKey('Haupt-Strasse 5')).toBe(streetKey('hauptstr 5'));
    expect(streetKey('Hauptstraße 7')).not.toBe(streetKey('Hauptstraße 5'));
  });

  it('lists a pair only when two independent parts agree', () => {
    const original: MatchInput = {
      companyName: 'Fensterbau Weiß GmbH',
      street: 'Bahnhofstraße 12',
      zip: '9020',
      phone: '+43 463 55512',
      email: 'office@fensterbau-weiss.at',
    };
    const planted = score(original, {
      companyName: 'Weiss Fensterbau KG',
      street: 'Bahnhofstr. 12',
      zip: '9020',
      phone: '0463 555 12',
    });
    expect(planted.reasons).toEqual(['gleicher Name', 'gleiche Telefonnummer', 'gleiche Adresse']);
    expect(planted.score).toBe(100);
    // The same name in the same town is not enough for the list, nor is a shared e-mail alone.
    expect(score(original, { companyName: 'Weiß Fensterbau', zip: '9020' }).score).toBeLessThan(
      LIKELY_DUPLICATE,
    );
    expect(score(original, { lastName: 'Anders', email: 'OFFICE@fensterbau-weiss.at' }).score).toBeLessThan(
      LIKELY_DUPLICATE,
    );
    expect(score(original, { companyName: 'Tischlerei Weiß', zip: '8010' }).score).toBe(0);
  });

  it('warns while typing on one strong part, or a name at the same PLZ', () => {
    const existing: MatchInput = {
      firstName: 'Maria',
      lastName: 'Gruber',
      zip: '9020',
      email: 'maria@example.at',
    };
    expect(score({ email: ' Maria@Example.at ' }, existing).score).toBeGreaterThanOrEqual(POSSIBLE_DUPLICATE);
    expect(score({ lastName: 'Grüber' }, existing).score).toBe(0);
    expect(score({ lastName: 'Gruber', zip: '9020' }, existing)).toEqual({
      score: POSSIBLE_DUPLICATE,
      reasons: ['ähnlicher Name', 'gleiche PLZ'],
    });
    expect(score({ lastName: 'Gruber' }, existing).score).toBeLessThan(POSSIBLE_DUPLICATE);
  });
});
