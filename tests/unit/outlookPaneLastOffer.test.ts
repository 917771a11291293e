import { describe, expect, it } from 'vitest';
import { lastOfferText } from '../../src/resources/outlookAddin/lastOfferText';

describe('Outlook side panel: the last offer', () => {
  it('shows the day as dd.MM.yyyy and the amount as everywhere in the CRM (1.234,56 €)', () => {
    const text = lastOfferText({
      vorgangId: 1,
      vorgangNumber: 'V26-002442',
      number: 'AN-2026-0003363',
      date: '2026-11-30',
      netCents: 253_641,
    });
    expect(text.replace(/\s/g, ' ')).toBe('AN-2026-0003363 vom 30.11.2026, 2.536,41 € netto (V26-002442)');
    expect(lastOfferText(null)).toBe('Keines');
  });
});
