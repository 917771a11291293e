import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import * as yup from 'yup';
import '../../src/i18n/yupLocale';

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** An optional text column: empty cells become null. */
export const text = (max: number) =>
  yup
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value: unknown, original: unknown) =>
      blankToUndefined(original) === undefined ? null : value,
    )
    .default(null);

/** A required text column. */
export const requiredText = (max: number) => yup.string().trim().required().max(max);

const GERMAN_AMOUNT = /^-?\d{1,3}(\.\d{3})*(,\d{1,2})?$|^-?\d+(,\d{1,2})?$/;
const PLAIN_AMOUNT = /^-?\d+(\.\d{1,2})?$/;

/** Euros as in the ERP export ("1.234,56", "1234,56", "1234.56" or a JSON number), kept as integer cents. */
export const euroCents = () =>
  yup
    .number()
    .integer()
    .transform((_value: unknown, original: unknown) => {
      const value = blankToUndefined(original);
      if (value === undefined) return undefined;
      if (typeof value === 'number') return Math.round(value * 100);
      const raw = String(value).trim().replace(/\s|€/g, '');
      if (GERMAN_AMOUNT.test(raw)) return Math.round(Number(raw.replace(/\./g, '').replace(',', '.')) * 100);
      if (PLAIN_AMOUNT.test(raw)) return Math.round(Number(raw) * 100);
      return Number.NaN;
    });

/** A decimal quantity ("2,5" or 2.5). */
export const decimal = () =>
  yup.number().transform((_value: unknown, original: unknown) => {
    const value = blankToUndefined(original);
    if (value === undefined) return undefined;
    if (typeof value === 'number') return value;
    const raw = String(value).trim();
    return /^-?\d+([.,]\d+)?$/.test(raw) ? Number(raw.replace(',', '.')) : Number.NaN;
  });

/** A date as dd.MM.yyyy or yyyy-MM-dd, kept as an ISO day (no time zone can shift it). */
export const isoDay = () =>
  yup
    .string()
    .transform((_value: unknown, original: unknown) => {
      const value = blankToUndefined(original);
      if (value === undefined) return undefined;
      const raw = String(value).trim();
      const date = parse(raw, raw.includes('.') ? 'dd.MM.yyyy' : 'yyyy-MM-dd', new Date(2000, 0, 1));
      return isValid(date)
        ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
        : 'ungültig';
    })
    .matches(/^\d{4}-\d{2}-\d{2}$/, {
      message: ({ label }) => `${label} muss ein Datum wie 31.12.2026 sein.`,
    });

/** ja/nein, true/false, 1/0 or x; empty means the default. */
export const yesNo = (fallback: boolean) =>
  yup
    .boolean()
    .transform((_value: unknown, original: unknown) => {
      const value = blankToUndefined(original);
      if (value === undefined) return undefined;
      if (typeof value === 'boolean') return value;
      const raw = String(value).trim().toLowerCase();
      if (['ja', 'j', 'true', '1', 'x'].includes(raw)) return true;
      if (['nein', 'n', 'false', '0'].includes(raw)) return false;
      return 'ungültig';
    })
    .typeError(({ label }) => `${label} muss „ja“ oder „nein“ sein.`)
    .default(fallback);

/** One of the given words (case-insensitive), stored as its code; `shown` are the words the message names. */
export const oneOfWords = (words: Record<string, string>, shown: readonly string[], fallback?: string) =>
  yup
    .string()
    .transform((_value: unknown, original: unknown) => {
      const value = blankToUndefined(original);
      if (value === undefined) return undefined;
      return words[String(value).trim().toLowerCase()] ?? `?${String(value)}`;
    })
    .oneOf(
      [...new Set(Object.values(words))],
      ({ label }) => `${label} muss eines von ${shown.join(', ')} sein.`,
    )
    .default(fallback);
