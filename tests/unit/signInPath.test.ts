import { describe, expect, it } from 'vitest';
import { restoreHistory, signInPath, type OfficeStart } from '../../src/authProvider/signInPath';

const officeIn = (host: string | null): OfficeStart => ({
  onReady: () => Promise.resolve({ host, platform: host ? 'OfficeOnline' : null }),
});

describe('the sign-in path of a page (nested app authentication only inside Outlook)', () => {
  it('signs in through Outlook when Office.js reports Outlook as its host', async () => {
    expect(await signInPath(officeIn('Outlook'))).toBe('nested');
  });

  it('uses the redirect without Office.js, in another Office host and in a plain browser', async () => {
    expect(await signInPath(undefined)).toBe('redirect');
    expect(await signInPath({} as OfficeStart)).toBe('redirect');
    expect(await signInPath(officeIn('Excel'))).toBe('redirect');
    // Office.js loaded on /crm/outlook opened in a browser tab: no host.
    expect(await signInPath(officeIn(null))).toBe('redirect');
  });

  it('goes on with the redirect when Office.js never answers or fails', async () => {
    const silent: OfficeStart = { onReady: () => new Promise(() => undefined) };
    expect(await signInPath(silent, 20)).toBe('redirect');
    expect(await signInPath({ onReady: () => Promise.reject(new Error('kaputt')) }, 20)).toBe('redirect');
  });

  it('brings back the history methods Office.js set to null', () => {
    // The browser's History in miniature: the methods live on the prototype, Office.js shadows them on the object.
    class FakeHistory {
      pushState() {}
      replaceState() {}
    }
    const history = new FakeHistory();
    Object.assign(history, { pushState: null, replaceState: null });
    restoreHistory(history as unknown as History);
    expect(history.pushState).toBe(FakeHistory.prototype.pushState);
    expect(history.replaceState).toBe(FakeHistory.prototype.replaceState);
  });
});
