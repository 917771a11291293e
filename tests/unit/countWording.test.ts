import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import { countOf } from '../../src/i18n/format';
import '../../src/i18n/yupLocale';

describe('counts in words', () => {
  it('says one in the singular, none and several in the plural, with German grouping', () => {
    expect(countOf(1, 'Antwort', 'Antworten')).toBe('1 Antwort');
    expect(countOf(0, 'Antwort', 'Antworten')).toBe('0 Antworten');
    expect(countOf(1234, 'Änderung', 'Änderungen')).toBe('1.234 Änderungen');
  });

  it('asks for "einen Eintrag", not "1 Einträge", in a list field', async () => {
    const error = await yup
      .array()
      .label('Labels')
      .min(1)
      .validate([])
      .catch((e: Error) => e.message);
    expect(error).toBe('Labels: mindestens einen Eintrag auswählen.');
  });
});
