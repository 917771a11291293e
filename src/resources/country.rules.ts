import type { TenantKey } from '../config/companyTime';

/** The countries customers, Endkunden and branches are in. */
export type CountryCode = 'AT' | 'DE';

/** Where each tenant's company is, and so its customers unless a branch or the record says otherwise. */
export const TENANT_COUNTRY: Record<TenantKey, CountryCode> = { strussnig: 'AT', rekord: 'DE' };

/** The country code a value names, or undefined for anything else (empty, unknown, not a text). */
export const asCountry = (value: unknown): CountryCode | undefined =>
  value === 'AT' || value === 'DE' ? value : undefined;

/**
 * What the shared yup rules are validated with, in the form and on the server alike (yup's `context`): the
 * country of an address that names none itself (the branch's, else the tenant's). The Land field's default,
 * the phone numbers' reading and the PLZ rule follow it.
 */
export interface AddressContext {
  homeCountry: CountryCode;
}

/** The record's own country, else the context's home country (Austria when neither is known). */
export function countryOf(own: unknown, context: unknown): CountryCode {
  return asCountry(own) ?? asCountry((context as Partial<AddressContext> | undefined)?.homeCountry) ?? 'AT';
}
