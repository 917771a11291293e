import type * as Yup from 'yup';
import type { AppGroup } from '../auth/groups';
import type { AreaName } from './areas';

/** How a field is stored, edited and shown; drives inputs, columns, filters and SQL alike. */
export type FieldType =
  | 'text'
  | 'longtext'
  | 'integer'
  /** An amount in euro cents (integer on the wire), shown as 1.234,56 €. */
  | 'money'
  | 'boolean'
  | 'color'
  | 'date'
  /**
   * A point in time (timestamptz), e.g. when a Termin took place: entered and shown as the company's wall clock
   * (dd.MM.yyyy HH:mm in the tenant's zone), an ISO instant on the wire; a filter by a day means a company day.
   */
  | 'datetime'
  | 'choice'
  | 'reference'
  | 'referenceMany'
  /** Several of the declared choices, kept in a link table (e.g. the groups that see a text template). */
  | 'choiceMany';

export interface Choice {
  id: string;
  name: string;
}

export interface FieldDeclaration {
  /** Name on the wire and in react-admin (camelCase). */
  source: string;
  /** German label shown in forms, columns and validation messages. */
  label: string;
  type: FieldType;
  /** Database column; defaults to the snake_case of `source`. */
  column?: string;
  choices?: readonly Choice[];
  /** Resource name of the referenced entity (reference, referenceMany). */
  reference?: string;
  /** Link table of a referenceMany or choiceMany field: this entity's key and the other key (id or choice). */
  through?: { table: string; ownKey: string; otherKey: string };
  /** Part of the quick search (`q`). */
  searchable?: boolean;
  /**
   * Offered as a column filter (text fields with the match modes Beginnt mit, Beinhaltet, Gleich, Ungleich).
   */
  filterable?: boolean;
  sortable?: boolean;
  /** Shown as a list column (default true). */
  inList?: boolean;
  /** Shown in forms (default true); false for values the database derives (a generated name). */
  inForm?: boolean;
  helperText?: string;
  /**
   * A hint shown at the field in forms while the value deserves a second look (not an error: the form still
   * saves), e.g. a custom status named like a system state. React-free, so the declaration stays importable.
   */
  warning?: (value: unknown) => string | undefined;
  /** Shown in forms only while another field has this value (e.g. the groups when "Sichtbar für" is Gruppen). */
  shownWhen?: { source: string; equals: string };
  /** Shown in forms but set by the screen itself (e.g. picked from the directory), not typed. */
  readOnly?: boolean;
  /**
   * Only these groups may set or change the value (a field another system owns, e.g. the ERP's
   * Kundennummer): others see it read-only, and the server refuses a changed value with a German 400.
   */
  editableBy?: readonly AppGroup[];
  /**
   * Who may change the value of a stored record (a rule per record, beside the entity's write groups): the user
   * the record's `owner` field names, a sales lead (APP_ADMIN_VERKAUF) of the branch its `branchLead` field names,
   * and members of `groups`. The server checks it against the stored row for the single edit, in place and per
   * record in bulk jobs alike (403 at the field); a new record is not checked.
   */
  changeableBy?: RecordChangeRule;
  /** The heading of the form section the field belongs to; a section's fields stand together. */
  section?: string;
  /** What a phone's on-screen keyboard offers for a text field: the dial pad (`tel`) or one with @ (`email`). */
  inputKind?: 'tel' | 'email';
  /** A Stammdaten category (e.g. "anrede") whose active values the form offers; the value stays text. */
  choicesFrom?: string;
  /**
   * The field's validation rule, as a function of yup (the kit): the web app loads yup only with a form,
   * not with every page that lists entities. Every field has one; `.strip()` for values the server derives.
   */
  rule?: FieldRule;
}

/** Who may change a field of a stored record (see FieldDeclaration.changeableBy); sources of its fields. */
export interface RecordChangeRule {
  /** The field that names the record's user (its Betreuer): that user may change the value. */
  owner?: string;
  /** The field that names the record's branch: a sales lead of that branch may change the value. */
  branchLead?: string;
  /** Groups that may change the value of any record. */
  groups?: readonly AppGroup[];
  /** Who may, in German, for the refusal ("der Betreuer, die Verkaufsleitung der Filiale und die Administration"). */
  who: string;
}

/** A field's validation rule; `entitySchema.ts` labels it with the field's German label. */
export type FieldRule = (yup: SchemaKit) => Yup.AnySchema;

/**
 * The object-level rule, only for checks that span fields: gets the object built from the fields' rules
 * and returns it with those checks added (`object.test(...)`), its fields unchanged.
 */
export type ObjectRule = (yup: SchemaKit, object: Yup.AnyObjectSchema) => Yup.AnyObjectSchema;

/**
 * Legacy call paths of an entity, spelled as the client spells them. The HTTP method tells the operation apart:
 * GET list and GET list/{id}; POST write (create) and PUT write/{id} (update); DELETE remove/{id}.
 */
export interface EntityEndpoints {
  list: string;
  /** A separate read-one call (GET {one}/{id}) where the legacy API has one; else GET {list}/{id}. */
  one?: string;
  /** Absent for rows another system owns (ERP articles): they are read-only here. */
  write?: string;
  /** A separate create call (POST) where the legacy API has one; `write` then only updates (and saves). */
  create?: string;
  remove?: string;
}

/** Where a row may still be referenced; deleting it is then refused or turned into a deactivation. */
export interface UsageDeclaration {
  table: string;
  column: string;
  /** German noun in the dative plural, e.g. "Kunden", "Vorgängen". */
  label: string;
}

export interface EntityDeclaration {
  /** react-admin resource name; also the URL below /crm, e.g. "admin/labels". */
  name: string;
  table: string;
  /** The admin area whose tab it is; absent for entities with a menu entry of their own (Kunden). */
  area?: AreaName;
  /** Position of the entity's tab in its area (lower first). */
  tabOrder: number;
  label: { one: string; many: string };
  /** Source of the field that names a record (breadcrumbs, references, titles). */
  recordRepresentation: string;
  access: { read: readonly AppGroup[]; write: readonly AppGroup[] };
  endpoints: EntityEndpoints;
  fields: readonly FieldDeclaration[];
  /** Checks that span fields (see ObjectRule); the rules of single fields are on the fields. */
  schema?: ObjectRule;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /**
   * A lower-case column that holds every searchable text of a row (trigram-indexed): the quick search looks
   * there instead of OR-ing the searchable fields, so it stays fast on large tables.
   */
  searchColumn?: string;
  /** A column of the row's phone numbers as digits ("434242123456"): a search that looks like a number also looks here. */
  phoneSearchColumn?: string;
  /** Database unique constraints (by name) mapped to the field and German message they concern. */
  unique?: Readonly<Record<string, { field: string; message: string }>>;
  usedBy?: readonly UsageDeclaration[];
  /** What deleting a row that is in use does. */
  whenInUse?: 'deactivate' | 'refuse';
}

/** What a validated form needs of a declaration: its fields with their rules, and an object rule (entities and settings forms). */
export type FormDeclaration = Pick<EntityDeclaration, 'name' | 'fields' | 'schema'>;

/** The columns every editable table carries besides its declared fields. */
export const SYSTEM_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'updatedBy'] as const;

/** camelCase → snake_case, the default mapping from a field's source to its column. */
export const toColumnName = (source: string): string =>
  source.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The database column of a field. */
export const columnOf = (field: FieldDeclaration): string => field.column ?? toColumnName(field.source);

/** What an entity's schema builder gets: yup itself and the rules several entities share. */
export interface SchemaKit {
  string: typeof Yup.string;
  number: typeof Yup.number;
  boolean: typeof Yup.boolean;
  array: typeof Yup.array;
  object: typeof Yup.object;
  /** A nullable whole number for optional integer inputs (an empty input becomes null, not 0). */
  optionalInteger: () => Yup.NumberSchema<number | null | undefined>;
  /** An optional calendar date (yyyy-MM-dd) or point in time (ISO); empty becomes null. */
  date: () => Yup.StringSchema<string | null | undefined, Yup.AnyObject, null, 'd'>;
  /**
   * An optional point in time: an ISO instant ("2026-03-29T21:30:00.000Z"), or a company wall clock without an
   * offset ("2026-03-29T23:30", "2026-03-29" = midnight) that the server turns into an instant; empty becomes null.
   */
  dateTime: () => Yup.StringSchema<string | null | undefined, Yup.AnyObject, null, 'd'>;
  /** A required regular expression over article numbers, refused with a German reason when Postgres could not run it. */
  articlePattern: () => Yup.StringSchema<string, Yup.AnyObject, undefined, ''>;
  /** A hex colour such as #ff9800, the format of the colour picker; new records start with `initial`. */
  hexColor: (initial?: string) => Yup.StringSchema<string, Yup.AnyObject, string, 'd'>;
  /**
   * An optional phone number of at most `max` characters, normalised for the `country` beside it ("0463 / 12
   * 34-56" → "+43 463 123456"); letters and numbers too short to dial are refused. Part of the kit, not of the
   * declarations, so that libphonenumber-js (about 30 kB gzip) loads with the forms, not with every list.
   */
  phone: (max?: number) => Yup.StringSchema<string | null | undefined, Yup.AnyObject, null, 'd'>;
}

/** The value of a field of `type` on the wire (what the list, the form and the API carry). */
type WireValueOf<T extends FieldType> = T extends 'integer' | 'money' | 'reference'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'referenceMany'
      ? number[]
      : T extends 'choiceMany'
        ? string[]
        : string;

/** Where a declared entity keeps its fields' literal types, for the type checker only (no value at runtime). */
declare const declaredFields: unique symbol;

/** An entity declaration that still knows its fields' sources and types (what `defineEntity` answers). */
export type DeclaredEntity<F extends readonly FieldDeclaration[] = readonly FieldDeclaration[]> =
  EntityDeclaration & {
    readonly [declaredFields]?: F;
  };

/**
 * A stored record of the entity `E` declares, as the API answers it: `id`, `version` and each declared field by its
 * source, typed by its field type (null where empty), e.g. `RecordOf<typeof customerEntity>`.
 */
export type RecordOf<E extends DeclaredEntity> = { id: number; version: number } & {
  [F in NonNullable<E[typeof declaredFields]>[number] as F['source']]: WireValueOf<F['type']> | null;
};

/**
 * How a message names one record: its kind and its name, "Kunde „Schwandke, Fiona“" (a choice shown by its
 * German name); the kind alone when the record has no name.
 */
export function recordTitle(
  entity: Pick<EntityDeclaration, 'label' | 'recordRepresentation' | 'fields'>,
  record: Record<string, unknown> | undefined,
): string {
  const value = record?.[entity.recordRepresentation];
  const field = entity.fields.find((f) => f.source === entity.recordRepresentation);
  const name = field?.choices?.find((choice) => choice.id === value)?.name ?? value;
  const text = name === null || name === undefined ? '' : String(name).trim();
  return text ? `${entity.label.one} „${text}“` : entity.label.one;
}

/** Declares an entity: checks that its references are whole (the schema is checked where it is built). */
export function defineEntity<const E extends EntityDeclaration>(declaration: E): DeclaredEntity<E['fields']> {
  for (const field of declaration.fields) {
    if ((field.type === 'reference' || field.type === 'referenceMany') && !field.reference) {
      throw new Error(`${declaration.name}: Feld "${field.source}" braucht "reference".`);
    }
    if ((field.type === 'referenceMany' || field.type === 'choiceMany') && !field.through) {
      throw new Error(`${declaration.name}: Feld "${field.source}" braucht "through".`);
    }
    if ((field.type === 'choice' || field.type === 'choiceMany') && !field.choices?.length) {
      throw new Error(`${declaration.name}: Feld "${field.source}" braucht "choices".`);
    }
  }
  return Object.freeze(declaration);
}
