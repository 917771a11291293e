import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { retryUnlessRefused } from '../../src/dataProvider/queryRetry';

describe('retryUnlessRefused', () => {
  it('does not ask again after a 4xx, retries network failures and 5xx three times', () => {
    expect(retryUnlessRefused(0, new HttpError('Der Vorgang wurde nicht gefunden.', 404))).toBe(false);
    expect(retryUnlessRefused(0, new HttpError('Keine Berechtigung.', 403))).toBe(false);
    expect(retryUnlessRefused(0, new HttpError('Der Server ist nicht erreichbar.', 0))).toBe(true);
    expect(retryUnlessRefused(2, new HttpError('Fehler', 500))).toBe(true);
    expect(retryUnlessRefused(3, new HttpError('Fehler', 500))).toBe(false);
  });

  it('shows a call that did not reach the server at once while the device is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      expect(retryUnlessRefused(0, new HttpError('Der Server ist nicht erreichbar.', 0))).toBe(false);
      expect(retryUnlessRefused(0, new HttpError('Fehler', 503))).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
