import { useEffect, useRef } from 'react';
import { useGetOne } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { asCountry } from '../country.rules';

/**
 * In a new record's form with Land and Filiale: choosing a Filiale presets Land to that branch's country, as
 * long as nobody chose the Land by hand (a Rekord branch is in Germany, its phone numbers and PLZ German).
 */
export function CountryFollowsBranch() {
  const branchId = useWatch<{ branchId?: number | null }>({ name: 'branchId' });
  const { getFieldState, getValues, setValue } = useFormContext();
  const { data: branch } = useGetOne<{ id: number; country?: string }>(
    'admin-verkauf/branches',
    { id: branchId! },
    { enabled: typeof branchId === 'number' },
  );
  // The Land this component set last: a Land still equal to it was not chosen by hand.
  const setHere = useRef<string | null>(null);
  useEffect(() => {
    const country = asCountry(branch?.country);
    if (!country) return;
    const current: unknown = getValues('country');
    const byHand = getFieldState('country').isDirty && current !== setHere.current;
    if (byHand || current === country) return;
    setHere.current = country;
    setValue('country', country, { shouldDirty: true, shouldValidate: true });
  }, [branch, getFieldState, getValues, setValue]);
  return null;
}
