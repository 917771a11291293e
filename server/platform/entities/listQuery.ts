import { sql, type RawBuilder } from 'kysely';
import { columnOf, type EntityDeclaration, type FieldDeclaration } from '../../../src/resources/entity';
import { MAX_INT } from '../../../src/api/schemas';
import { isRealDate } from '../../../src/resources/calendarDate.rules';
import { phoneSearchDigits } from '../../../src/resources/customers/phone.rules';
import { searchWords } from '../../../src/resources/searchWords.rules';
import { badRequest } from '../http/apiError';

/**
 * The text match modes of a column filter, with the client's wording: Beginnt mit, Beinhaltet, Gleich,
 * Ungleich.
 */
export const MATCH_MODES = ['startsWith', 'contains', 'equals', 'notEquals'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

export interface ListParams {
  page: number;
  perPage: number;
  sort: string;
  order: 'ASC' | 'DESC';
  filter: Record<string, unknown>;
  /** The caller's directory id: a filter value "me" on a user reference means them ("nur meine"). */
  callerOid?: string;
  /** The company's zone: a day (yyyy-MM-dd) as a filter on a date-time field means that company day. */
  timeZone?: string;
}

/** The resource of the described users; references to it accept the filter value "me". */
export const USERS_RESOURCE = 'admin-benutzer/users';

export const MAX_PER_PAGE = 500;
/** Beyond this page OFFSET would overflow PostgreSQL's bigint; no list is that long. */
export const MAX_PAGE = 10_000_000;

// A user's % and _ are literal characters, not wildcards.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Reads page, perPage, sort, order and the JSON filter of a list call; bad values are a German 400. */
export function parseListParams(
  declaration: EntityDeclaration,
  query: { page?: number; perPage?: number; sort?: string; order?: string; filter?: string },
  callerOid?: string,
): ListParams {
  let filter: Record<string, unknown> = {};
  if (query.filter) {
    try {
      filter = JSON.parse(query.filter) as Record<string, unknown>;
    } catch {
      throw badRequest('Der Filter ist kein gültiges JSON.');
    }
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
      throw badRequest('Der Filter muss ein Objekt sein.');
    }
  }
  const sort = query.sort || declaration.defaultSort.field;
  if (sort !== 'id' && !declaration.fields.some((f) => f.source === sort && f.sortable)) {
    throw badRequest(`Nach "${sort}" kann nicht sortiert werden.`);
  }
  const order = (query.order ?? declaration.defaultSort.order).toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw badRequest('Die Sortierrichtung muss ASC oder DESC sein.');
  return { page: query.page ?? 1, perPage: query.perPage ?? 25, sort, order, filter, callerOid };
}

function textCondition(column: RawBuilder<unknown>, mode: MatchMode, value: string): RawBuilder<unknown> {
  switch (mode) {
    case 'startsWith':
      // lower(…) LIKE 'x%' can use a lower(column) text_pattern_ops index; ILIKE cannot.
      return sql`lower(${column}) LIKE lower(${`${escapeLike(value)}%`})`;
    case 'contains':
      return sql`${column} ILIKE ${`%${escapeLike(value)}%`}`;
    case 'equals':
      return sql`lower(${column}) = lower(${value})`;
    case 'notEquals':
      return sql`(${column} IS NULL OR lower(${column}) <> lower(${value}))`;
  }
}

const invalidFilter = (field: FieldDeclaration) => {
  const message = `Ungültiger Filterwert für ${field.label}.`;
  return badRequest(message, { [field.source]: message });
};

/**
 * A filter value as the column's type wants it: integers in range, true/false, real dates, text. A wrong
 * type is a German 400 naming the field (before: PostgreSQL's cast error, a 500).
 */
function typedValue(field: FieldDeclaration, value: unknown): string | number | boolean {
  switch (field.type) {
    case 'integer':
    case 'money':
    case 'reference': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      const limit = field.type === 'money' ? Number.MAX_SAFE_INTEGER : MAX_INT;
      if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) > limit) {
        throw invalidFilter(field);
      }
      return number;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw invalidFilter(field);
    case 'date':
    case 'datetime':
      if (typeof value !== 'string' || !isRealDate(value)) throw invalidFilter(field);
      return value;
    default:
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw invalidFilter(field);
      }
      return String(value);
  }
}

const isMatch = (value: unknown): value is { mode: string; value: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'mode' in value;

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value);

/**
 * A date-time field filtered by days (one, or several): the company days of the tenant's zone, so a Termin at
 * 23:30 Vienna counts for its own day, not the next (UTC) one. Anything else is compared as an instant.
 */
function companyDayCondition(
  field: FieldDeclaration,
  raw: unknown,
  zone: string,
): RawBuilder<unknown> | null {
  const column = sql.ref(`t.${columnOf(field)}`);
  const day = sql`(${column} AT TIME ZONE ${zone})::date`;
  if (isDay(raw)) return sql`${day} = ${raw}::date`;
  if (Array.isArray(raw) && raw.length && raw.every(isDay)) return sql`${day} = ANY(${raw}::date[])`;
  return null;
}

function fieldCondition(
  field: FieldDeclaration,
  raw: unknown,
  callerOid?: string,
  timeZone?: string,
): RawBuilder<unknown> | null {
  const column = sql.ref(`t.${columnOf(field)}`);
  if (field.type === 'datetime' && timeZone) {
    const days = companyDayCondition(
      field,
      isMatch(raw) && raw.mode === 'equals' ? raw.value : raw,
      timeZone,
    );
    if (days) return days;
  }
  if (raw === 'me' && field.type === 'reference' && field.reference === USERS_RESOURCE) {
    return sql`${column} = (SELECT id FROM app_user WHERE azure_oid = ${callerOid ?? ''})`;
  }
  if (field.type === 'referenceMany' || field.type === 'choiceMany') {
    const through = field.through!;
    const wanted = Array.isArray(raw) ? raw : [raw];
    const keys = field.type === 'choiceMany' ? wanted.map(String) : wanted.map(Number);
    const known = (key: number | string) =>
      field.type === 'choiceMany'
        ? field.choices!.some((c) => c.id === key)
        : Number.isInteger(key) && Math.abs(key as number) <= MAX_INT;
    if (!keys.every(known)) throw badRequest(`Ungültiger Filter für ${field.label}.`);
    return sql`EXISTS (SELECT 1 FROM ${sql.table(through.table)} l WHERE l.${sql.ref(through.ownKey)} = t.id AND l.${sql.ref(through.otherKey)} = ANY(${keys}))`;
  }
  if (isMatch(raw)) {
    const mode = raw.mode as MatchMode;
    if (!MATCH_MODES.includes(mode))
      throw badRequest(`Unbekannter Vergleich "${String(raw.mode)}" für ${field.label}.`);
    if (raw.value === undefined || raw.value === null || raw.value === '') return null;
    if (
      field.type === 'text' ||
      field.type === 'longtext' ||
      field.type === 'color' ||
      field.type === 'choice'
    ) {
      return textCondition(column, mode, String(raw.value));
    }
    if (mode === 'equals') return sql`${column} = ${typedValue(field, raw.value)}`;
    if (mode === 'notEquals') return sql`${column} IS DISTINCT FROM ${typedValue(field, raw.value)}`;
    throw badRequest(`Für ${field.label} gibt es nur „Gleich“ und „Ungleich“.`);
  }
  if (Array.isArray(raw)) return sql`${column} = ANY(${raw.map((value) => typedValue(field, value))})`;
  if (raw === null) return sql`${column} IS NULL`;
  if (raw === undefined || raw === '') return null;
  if (field.type === 'text' || field.type === 'longtext')
    return sql`lower(${column}) = lower(${typedValue(field, raw)})`;
  return sql`${column} = ${typedValue(field, raw)}`;
}

/**
 * The quick search: every word typed must match somewhere, in any order (searchWords);
 * a text that looks like a phone number also matches the row's phone digits however it was typed.
 */
function searchCondition(declaration: EntityDeclaration, text: string): RawBuilder<unknown> | null {
  const words = searchWords(text);
  if (!words.length) return null;
  if (!declaration.searchColumn && !declaration.fields.some((f) => f.searchable)) {
    // An empty OR would be an SQL syntax error: say that this list has no search instead.
    const message = `${declaration.label.many} haben keine Suche (q).`;
    throw badRequest(message, { q: message });
  }
  const wordMatches = words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    if (declaration.searchColumn)
      return sql`${sql.ref(`t.${declaration.searchColumn}`)} LIKE lower(${pattern})`;
    const searchable = declaration.fields.filter((f) => f.searchable);
    return sql`(${sql.join(
      searchable.map((f) => sql`${sql.ref(`t.${columnOf(f)}`)} ILIKE ${pattern}`),
      sql` OR `,
    )})`;
  });
  const allWords = sql`(${sql.join(wordMatches, sql` AND `)})`;
  const digits = declaration.phoneSearchColumn ? phoneSearchDigits(text) : null;
  if (!digits) return allWords;
  return sql`(${allWords} OR ${sql.ref(`t.${declaration.phoneSearchColumn}`)} LIKE ${`%${digits}%`})`;
}

/** Turns a react-admin filter into SQL conditions on alias `t`; unknown fields are a German 400. */
export function whereClause(
  declaration: EntityDeclaration,
  filter: Record<string, unknown>,
  callerOid?: string,
  timeZone?: string,
): RawBuilder<unknown> {
  const conditions = listConditions(declaration, filter, callerOid, timeZone);
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/** The filter's SQL conditions one by one (none: the list is unfiltered, see listRecords' count). */
export function listConditions(
  declaration: EntityDeclaration,
  filter: Record<string, unknown>,
  callerOid?: string,
  timeZone?: string,
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    if (key === 'q') {
      if (raw !== null && raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number') {
        throw badRequest('Der Suchbegriff muss ein Text sein.', { q: 'Der Suchbegriff muss ein Text sein.' });
      }
      const condition = searchCondition(declaration, String(raw ?? ''));
      if (condition) conditions.push(condition);
      continue;
    }
    if (key === 'mine') {
      // "nur meine": rows whose (first) person field is the caller, e.g. the customers they look after.
      const person = declaration.fields.find((f) => f.type === 'reference' && f.reference === USERS_RESOURCE);
      if (!person) throw badRequest('Nach "mine" kann nicht gefiltert werden.');
      if (raw === true || raw === 'true') conditions.push(fieldCondition(person, 'me', callerOid)!);
      continue;
    }
    if (key === 'id') {
      const ids = (Array.isArray(raw) ? raw : [raw]).map(Number);
      if (ids.some((id) => !Number.isInteger(id) || Math.abs(id) > MAX_INT))
        throw badRequest('Ungültiger Filter für die ID.');
      conditions.push(sql`t.id = ANY(${ids})`);
      continue;
    }
    const field = declaration.fields.find((f) => f.source === key);
    if (!field) throw badRequest(`Nach "${key}" kann nicht gefiltert werden.`);
    const condition = fieldCondition(field, raw, callerOid, timeZone);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** ORDER BY for a list: the chosen field, then id, so pages never overlap. */
export function orderClause(declaration: EntityDeclaration, params: ListParams): RawBuilder<unknown> {
  const direction = sql.raw(params.order === 'DESC' ? 'DESC NULLS LAST' : 'ASC NULLS LAST');
  if (params.sort === 'id') return sql`ORDER BY t.id ${direction}`;
  const field = declaration.fields.find((f) => f.source === params.sort)!;
  return sql`ORDER BY ${sql.ref(`t.${columnOf(field)}`)} ${direction}, t.id ASC`;
}
