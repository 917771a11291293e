import { describe, expect, it } from 'vitest';
import { addressLine, mapsHref, telHref } from '../../src/resources/kit/contactLinks';
import { MOST_KEPT, recentlyOpened, rememberOpened } from '../../src/resources/kit/recentlyOpened';
import { customersMatching } from '../../src/resources/kit/customersMatching';
import { PHOTO_MAX_PIXELS, scaledSize } from '../../src/resources/kit/scalePhoto';
import { deviceKey, forgetDeviceData } from '../../src/offline/deviceData';

/** A Storage in memory (node has none). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('on the road: photos, links, what is kept per account', () => {
  it('scales a 12-megapixel camera photo to about 2 megapixels, proportions kept, small ones not up', () => {
    const { width, height } = scaledSize(4000, 3000);
    expect(width * height).toBeLessThanOrEqual(PHOTO_MAX_PIXELS);
    expect(width * height).toBeGreaterThan(PHOTO_MAX_PIXELS * 0.99);
    expect(width / height).toBeCloseTo(4 / 3, 2);
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('dials and finds the customer: tel: without spaces, geo: on Android, Apple Maps on an iPhone', () => {
    expect(telHref('+43 664 / 123 45-67')).toBe('tel:+436641234567');
    const address = addressLine({ street: 'Hauptplatz 1', zip: '9500', city: 'Villach' });
    expect(address).toBe('Hauptplatz 1, 9500 Villach');
    expect(mapsHref(address, 'Mozilla/5.0 (Linux; Android 14)')).toBe(
      'geo:0,0?q=Hauptplatz%201%2C%209500%20Villach',
    );
    expect(mapsHref(address, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')).toMatch(
      /^https:\/\/maps\.apple\.com\/\?q=/,
    );
    expect(mapsHref(address, 'Mozilla/5.0 (X11; Linux x86_64)')).toMatch(
      /^https:\/\/www\.google\.com\/maps\//,
    );
  });

  it("keeps each account's recently opened apart, newest first, at most 30, and sign-out forgets all", () => {
    const storage = new MemoryStorage();
    storage.setItem('msal.token', 'bleibt');
    for (let id = 1; id <= MOST_KEPT + 5; id++) {
      rememberOpened('anna', { kind: 'kunde', id, title: `Kunde ${id}`, at: '' }, storage);
    }
    rememberOpened('anna', { kind: 'kunde', id: 3, title: 'Kunde 3', at: '' }, storage);
    rememberOpened('bernd', { kind: 'vorgang', id: 7, title: 'V-7', at: '' }, storage);
    const anna = recentlyOpened('anna', storage);
    expect(anna).toHaveLength(MOST_KEPT);
    expect(anna.slice(0, 2).map((record) => record.id)).toEqual([3, MOST_KEPT + 5]);
    expect(recentlyOpened('bernd', storage).map((record) => record.title)).toEqual(['V-7']);
    expect(storage.getItem(deviceKey('zuletztGeoeffnet', 'anna'))).not.toBeNull();
    forgetDeviceData(storage);
    expect(recentlyOpened('anna', storage)).toEqual([]);
    expect(recentlyOpened('bernd', storage)).toEqual([]);
    expect(storage.getItem('msal.token')).toBe('bleibt');
  });

  it('finds an opened customer offline as the Kunden list does: the shown form, any word order, no Vorgang', () => {
    const storage = new MemoryStorage();
    rememberOpened('victor', { kind: 'kunde', id: 1, title: 'Schwandke, Fiona', at: '' }, storage);
    rememberOpened('victor', { kind: 'kunde', id: 2, title: 'Schwarz, Otto', at: '' }, storage);
    rememberOpened(
      'victor',
      { kind: 'vorgang', id: 3, title: 'V26-000003 Schwandke Fenster', at: '' },
      storage,
    );
    const customers = recentlyOpened('victor', storage)
      .filter((record) => record.kind === 'kunde')
      .map((record) => ({ id: record.id, displayName: record.title }));
    const found = (text: string) => customersMatching(customers, text).map((customer) => customer.id);
    expect(found('Schwandke, Fiona')).toEqual([1]);
    expect(found('Fiona Schwandke')).toEqual([1]);
    expect(found('fiona schwandke')).toEqual([1]);
    expect(found('schw')).toEqual([1, 2]);
    expect(found('Schwandke Otto')).toEqual([]);
  });
});
