import { describe, expect, it } from 'vitest';
import { loggedUrl } from '../../server/platform/http/requestLog';

describe('addresses as the log shows them', () => {
  it('drops the query (search words, filters, sign-in codes) and masks survey, unsubscribe and offer tokens', () => {
    expect(loggedUrl('/api/kunde/allCustomers?filter=%7B%22q%22%3A%22Gruber%22%7D')).toBe(
      '/api/kunde/allCustomers?…',
    );
    expect(loggedUrl('/auth-callback?code=abc&state=xyz')).toBe('/auth-callback?…');
    expect(loggedUrl('/api/umfrage/Zt7kq0X9aBcD_secret')).toBe('/api/umfrage/…');
    expect(loggedUrl('/umfrage/Zt7kq0X9aBcD_secret?x=1')).toBe('/umfrage/…?…');
    expect(loggedUrl('/api/abmelden/Zt7kq0X9aBcD_secret')).toBe('/api/abmelden/…');
    expect(loggedUrl('/abmelden/Zt7kq0X9aBcD_secret')).toBe('/abmelden/…');
    expect(loggedUrl('/api/angebot/Zt7kq0X9aBcD_secret/annehmen')).toBe('/api/angebot/…/annehmen');
    expect(loggedUrl('/angebot/Zt7kq0X9aBcD_secret')).toBe('/angebot/…');
    expect(loggedUrl('/api/kunde/getSingleCustomer/12')).toBe('/api/kunde/getSingleCustomer/12');
  });
});
