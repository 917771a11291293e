import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { raGerman } from '../../src/i18n/raGerman';

type Messages = { [key: string]: string | Messages };

const leaves = (messages: Messages, prefix = ''): [string, string][] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );

// react-admin passes both `field` and `field_lower_first`; German keeps the capitalised one.
const placeholders = (text: string) =>
  [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]!.replace('field_lower_first', 'field')).sort();

describe('German react-admin catalogue', () => {
  const german = new Map(leaves(raGerman as unknown as Messages));
  const english = leaves(englishMessages as unknown as Messages);

  it('has a German text for every react-admin message key', () => {
    const missing = english
      .filter(([key]) => !german.get(key)?.trim() && key !== 'ra.boolean.null')
      .map(([key]) => key);
    expect(missing).toEqual([]);
    expect(english.length).toBeGreaterThan(150);
  });

  it('keeps every placeholder and plural form of the original', () => {
    for (const [key, text] of english) {
      const translated = german.get(key) ?? '';
      expect(placeholders(translated), key).toEqual(placeholders(text));
      expect(translated.includes('||||'), key).toBe(text.includes('||||'));
    }
  });

  it('has no key react-admin does not know', () => {
    const known = new Set(english.map(([key]) => key));
    expect([...german.keys()].filter((key) => !known.has(key))).toEqual([]);
  });
});
