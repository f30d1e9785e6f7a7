import { Column, getTableColumns, SQL, type Table } from 'drizzle-orm';

/**
 * How one column goes to and from a JSON row, worked out once per table. The loops below read
 * only these plain objects: asking Drizzle's column objects (a dozen classes) for their flags
 * and mappers on every value cost 35–50 µs per `orders` row, and an order maps it several times.
 */
interface ColumnPlan {
  /** The property name Drizzle uses. */
  key: string;
  /** The column name in the database (and in to_jsonb). */
  name: string;
  /** Generated or identity columns: the database writes them, a JSON row leaves them out. */
  written: boolean;
  /** JSON columns go in and come out as JSON, never as the text the driver would send. */
  json: boolean;
  defaultFn: (() => unknown) | undefined;
  /** The SQL default, applied in JavaScript: now() as the current time, a literal as itself. */
  hasDefault: boolean;
  sqlDefault: boolean;
  literalDefault: unknown;
  /** The column's own mappers, or undefined where they are Drizzle's identity. */
  toDriver: ((value: unknown) => unknown) | undefined;
  fromDriver: ((value: unknown) => unknown) | undefined;
}

const identityToDriver = Column.prototype.mapToDriverValue;
const identityFromDriver = Column.prototype.mapFromDriverValue;
const plans = new WeakMap<Table, ColumnPlan[]>();

function planOf(table: Table): ColumnPlan[] {
  let plan = plans.get(table);
  if (plan) return plan;
  plan = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const toDriver = column.mapToDriverValue === identityToDriver ? undefined : column.mapToDriverValue.bind(column);
    const fromDriver = column.mapFromDriverValue === identityFromDriver ? undefined : column.mapFromDriverValue.bind(column);
    return {
      key,
      name: column.name,
      written: !column.generated && !(column as { generatedIdentity?: unknown }).generatedIdentity,
      json: column.dataType === 'json',
      defaultFn: column.defaultFn as (() => unknown) | undefined,
      hasDefault: column.hasDefault && column.default !== undefined,
      sqlDefault: column.default instanceof SQL,
      literalDefault: column.default,
      toDriver: toDriver as ColumnPlan['toDriver'],
      fromDriver: fromDriver as ColumnPlan['fromDriver'],
    };
  });
  plans.set(table, plan);
  return plan;
}

/**
 * Rows as plpgsql functions take and give them (decision 0058): JSON objects keyed by column
 * name, read with jsonb_populate_record(null::table, …) and written with to_jsonb(row). Drizzle
 * fills its defaults when it builds an insert; a row sent as JSON must carry them itself, so
 * `toJsonRow` applies the column's JS default, then its SQL default (now() as the current time,
 * literals as they are), and maps each value as the driver would.
 */
export function toJsonRow<T extends Table>(table: T, values: Partial<T['$inferInsert']>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const given = values as Record<string, unknown>;
  for (const column of planOf(table)) {
    if (!column.written) continue;
    let value = given[column.key];
    if (value === undefined && column.defaultFn) value = column.defaultFn();
    if (value === undefined && column.hasDefault) value = column.sqlDefault ? new Date() : column.literalDefault;
    if (value === undefined || value === null) row[column.name] = null;
    else row[column.name] = column.json || !column.toDriver ? value : column.toDriver(value);
  }
  return row;
}

/** A row answered as JSON (to_jsonb) as Drizzle would have answered it: property names and values mapped back. */
export function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const column of planOf(table)) {
    const value = json[column.name];
    if (value === null || value === undefined) row[column.key] = null;
    else row[column.key] = column.json || !column.fromDriver ? value : column.fromDriver(value);
  }
  return row as T['$inferSelect'];
}
