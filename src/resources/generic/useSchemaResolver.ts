import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import type { AddressContext } from '../country.rules';
import { useAddressContext } from './useAddressContext';

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
