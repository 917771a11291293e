import { describe, expect, it } from 'vitest';
import {
  customStatusNameWarning,
  systemStateLookalike,
} from '../../src/resources/statuses/customStatusName.rules';

describe('Admin → Eigene Status: a name like a system state is warned about', () => {
  it('finds names equal to or looking like a system state', () => {
    expect(systemStateLookalike('Verloren')).toBe('Verloren');
    expect(systemStateLookalike(' gewonnen! ')).toBe('Gewonnen');
    expect(systemStateLookalike('Verlohren')).toBe('Verloren');
    expect(systemStateLookalike('Angebot')).toBe('Angebot');
    expect(systemStateLookalike('Rechnung')).toBe('Rechnung');
    expect(systemStateLookalike('Abgeschlosen')).toBe('Abgeschlossen');
    expect(systemStateLookalike('Auftrag gewonnen')).toBe('Gewonnen');
    expect(systemStateLookalike('Kunde verloren')).toBe('Verloren');
  });

  it('leaves real pipeline steps alone', () => {
    for (const name of [
      'Neu',
      'Aufmaß geplant',
      'Angebot in Arbeit',
      'Nachfassen',
      'Verhandlung',
      'Montage geplant',
      '',
    ]) {
      expect(systemStateLookalike(name), name).toBeUndefined();
    }
  });

  it('says so in German at the field', () => {
    expect(customStatusNameWarning('Verloren')).toMatch(/sieht aus wie der Systemzustand „Verloren“/);
    expect(customStatusNameWarning('Verhandlung')).toBeUndefined();
    expect(customStatusNameWarning(undefined)).toBeUndefined();
  });
});
