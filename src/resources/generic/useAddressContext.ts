import { useMemo } from 'react';
import { useClientConfig } from '../../config/ClientConfigContext';
import { TENANT_COUNTRY, type AddressContext } from '../country.rules';

/**
 * What the shared yup rules of a form are validated with, as on the server (`addressContext`): the tenant's
 * country as the home country of an address (Land's preset, phone numbers and PLZ read in it). Free of yup: the
 * customer page needs the context before anyone edits (its rules load on use), forms take useSchemaResolver.
 */
export function useAddressContext(): AddressContext {
  const { tenant } = useClientConfig();
  return useMemo(() => ({ homeCountry: TENANT_COUNTRY[tenant] }), [tenant]);
}
