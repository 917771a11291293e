import Type, { type TSchema } from 'typebox';

/** The largest value of a PostgreSQL integer column (ids, counters): larger numbers are a 400, not a 500. */
export const MAX_INT = 2_147_483_647;

/** A record id: a positive whole number that fits the database's integer ids. */
export const Id = (options: { description?: string } = {}) =>
  Type.Integer({ minimum: 1, maximum: MAX_INT, ...options });

/** Path parameter `:id`. */
export const IdParams = Type.Object({ id: Id() });

/** A version counter as read with a record; edits send it back and get 409 when it moved on. */
export const Version = () => Type.Integer();

// JSON Schema type lists ("string or null") rather than anyOf: the serializer picks anyOf branches by
// validating, and a Date from the database is not yet a string there.
/** Text or null. */
export const NullableString = (options: object = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
/** A whole number or null. */
export const NullableInteger = (options: object = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });

/** A number (amounts in cents as float8, percentages) or null. */
export const NullableNumber = (options: object = {}) =>
  Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });

/** A point in time as ISO text (the server hands over Date objects; the serializer writes them as ISO). */
export const Timestamp = () => Type.String();

/** An object or null, serialized by its properties. */
export const NullableObject = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Type.Static<T> | null>({ ...schema, type: ['object', 'null'] });
