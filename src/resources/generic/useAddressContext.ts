import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { useClientConfig } from '../../config/ClientConfigContext';
import { TENANT_COUNTRY, type AddressContext } from '../country.rules';

/**
 * What the shared yup rules of a form are validated with, as on the server (`addressContext`): the tenant's
 * country as the home country of an address (Land's preset, phone numbers and PLZ read in it).
 */
export function useAddressContext(): AddressContext {
  const { tenant } = useClientConfig();
  return useMemo(() => ({ homeCountry: TENANT_COUNTRY[tenant] }), [tenant]);
}

/**
 * The form's resolver for `schema`, validating with the address context. Handed to the resolver itself, not as
 * react-hook-form's `context` prop: react-admin's SimpleForm passes that prop on to its layout's DOM element.
 */
export function useSchemaResolver(schema: AnyObjectSchema): { resolver: Resolver; context: AddressContext } {
  const context = useAddressContext();
  const resolver = useMemo<Resolver>(() => {
    const resolve = yupResolver(schema);
    return (values, _context, options) => resolve(values, context, options);
  }, [schema, context]);
  return { resolver, context };
}
