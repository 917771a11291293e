import { useState } from 'react';

/**
 * A dialog's draft and the field errors of its last check or send. An error belongs to the value that was
 * checked: changing a field (typed, picked or filled from a template) drops that field's error at once, so
 * no red message stays under a field that has since been filled. `errorFields` maps a draft field to the
 * error keys it answers for when they differ (a picked customer answers for `customerId`).
 */
export function useDraftErrors<D extends object>(
  initial: D | (() => D),
  errorFields: (field: keyof D & string) => readonly string[] = (field) => [field],
) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (next: Partial<D>) => {
    setDraft((current) => ({ ...current, ...next }));
    const answered = new Set(Object.keys(next).flatMap((field) => errorFields(field as keyof D & string)));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !answered.has(key))));
  };
  return { draft, change, errors, setErrors };
}
