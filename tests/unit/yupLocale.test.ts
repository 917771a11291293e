import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/yupLocale';

// What a message gets from yup: the field's label and path, and the rule's own values.
const PARAMS = {
  label: 'Website',
  path: 'website',
  value: 'x',
  originalValue: 'x',
  type: 'string',
  values: 'a, b',
  resolved: ['a', 'b'],
  length: 3,
  min: 2,
  max: 5,
  less: 4,
  more: 1,
  precision: 3,
  regex: /x/,
  unknown: 'foo',
  properties: 'foo',
  spec: {},
};

// Words of yup's English defaults ("website must be a valid URL", "must be at least 2 characters" …).
const ENGLISH =
  /\b(must|should|be|the|valid|field|characters|value|least|most|than|items|entries|following|cannot|unknown keys|specified|is a required)\b/i;

const render = (message: unknown) =>
  typeof message === 'function'
    ? String((message as (p: typeof PARAMS) => unknown)(PARAMS))
    : String(message);

describe('yup messages', () => {
  it("are German for every key of yup's own locale (a key yup adds fails here until it is translated)", () => {
    const keys: string[] = [];
    for (const [section, messages] of Object.entries(yup.defaultLocale)) {
      for (const [key, message] of Object.entries(messages as Record<string, unknown>)) {
        keys.push(`${section}.${key}`);
        const text = render(message);
        expect(text, `${section}.${key}: ${text}`).not.toMatch(ENGLISH);
        expect(text, `${section}.${key}: ${text}`).toMatch(/^Website\b/);
      }
    }
    // The walk saw yup's keys, not an empty object.
    expect(keys).toEqual(
      expect.arrayContaining(['string.url', 'mixed.required', 'number.integer', 'date.max']),
    );
  });

  it('say what is wrong in German where a declaration uses the rule', async () => {
    const message = (schema: yup.Schema, value: unknown) =>
      schema.validate(value).then(
        () => null,
        (error: yup.ValidationError) => error.message,
      );
    expect(await message(yup.string().url().label('Website'), 'kein Link')).toBe(
      'Website muss eine gültige Internetadresse sein (z. B. https://www.beispiel.at).',
    );
    expect(await message(yup.string().uuid().label('Schlüssel'), '123')).toBe(
      'Schlüssel muss eine gültige UUID sein.',
    );
    expect(await message(yup.number().lessThan(10).label('Menge'), 12)).toBe(
      'Menge muss kleiner als 10 sein.',
    );
    expect(await message(yup.date().max('2026-03-29').label('Datum'), '2026-04-01')).toBe(
      'Datum darf nicht nach dem 29.03.2026 liegen.',
    );
    expect(await message(yup.array().length(2).label('Gruppen'), ['a'])).toBe(
      'Gruppen: genau 2 Einträge auswählen.',
    );
  });
});
