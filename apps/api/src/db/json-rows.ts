import { Column, getTableColumns, SQL, type Table } from 'drizzle-orm';

/**
 * How one column goes to and from a JSON row, worked out once per table. The loops below read
 * only these plain objects: asking Drizzle's column objects (a dozen classes) for their flags
 * and mappers on every value made `toJsonRow` of an `orders` row 10 µs instead of 7.6 µs
 * (bench/probes/json-rows.ts), and an order maps several rows.
 */
interface ColumnPlan {
  /** The property name Drizzle uses. */
  key: string;
  /** The column name in the database (and in to_jsonb). */
  name: string;
  /** Generated or identity columns: the database writes them, a JSON row leaves them out. */
  written: boolean;
  /** The value of a column left out: its JS default, else its SQL default (now() as the current time, a literal as itself). */
  fillDefault: (() => unknown) | undefined;
  /**
   * The column's own mappers; undefined where they are Drizzle's identity, and for JSON columns,
   * which go in and come out as JSON, never as the text the driver would send.
   */
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
    const json = column.dataType === 'json';
    const literal = column.default;
    const sqlDefault = column.hasDefault && literal !== undefined ? (literal instanceof SQL ? () => new Date() : () => literal) : undefined;
    return {
      key,
      name: column.name,
      written: !column.generated && !(column as { generatedIdentity?: unknown }).generatedIdentity,
      fillDefault: (column.defaultFn as (() => unknown) | undefined) ?? sqlDefault,
      toDriver: json || column.mapToDriverValue === identityToDriver ? undefined : (column.mapToDriverValue.bind(column) as ColumnPlan['toDriver']),
      fromDriver: json || column.mapFromDriverValue === identityFromDriver ? undefined : (column.mapFromDriverValue.bind(column) as ColumnPlan['fromDriver']),
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
    if (value === undefined && column.fillDefault) value = column.fillDefault();
    if (value === undefined || value === null) row[column.name] = null;
    else row[column.name] = column.toDriver ? column.toDriver(value) : value;
  }
  return row;
}

/** A row answered as JSON (to_jsonb) as Drizzle would have answered it: property names and values mapped back. */
export function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const column of planOf(table)) {
    const value = json[column.name];
    if (value === null || value === undefined) row[column.key] = null;
    else row[column.key] = column.fromDriver ? column.fromDriver(value) : value;
  }
  return row as T['$inferSelect'];
}
