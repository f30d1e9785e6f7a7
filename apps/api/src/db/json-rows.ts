import { getTableColumns, type Table } from 'drizzle-orm';
import { SQL } from 'drizzle-orm';

type Column = ReturnType<typeof getTableColumns<Table>>[string];
const columnLists = new WeakMap<Table, [key: string, column: Column][]>();

/** A table's columns by property name, listed once: getTableColumns copies them on every call, and an order maps a dozen rows. */
function columnsOf(table: Table): [key: string, column: Column][] {
  let list = columnLists.get(table);
  if (!list) columnLists.set(table, (list = Object.entries(getTableColumns(table))));
  return list;
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
  for (const [key, column] of columnsOf(table)) {
    if (column.generated || (column as { generatedIdentity?: unknown }).generatedIdentity) continue;
    let value = given[key];
    if (value === undefined && column.defaultFn) value = column.defaultFn();
    if (value === undefined && column.hasDefault && column.default !== undefined) value = column.default instanceof SQL ? new Date() : column.default;
    if (value === undefined || value === null) {
      row[column.name] = null;
      continue;
    }
    // JSON columns go in as JSON, not as the text the driver would send.
    row[column.name] = column.dataType === 'json' ? value : column.mapToDriverValue(value);
  }
  return row;
}

/** A row answered as JSON (to_jsonb) as Drizzle would have answered it: property names and values mapped back. */
export function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.dataType === 'json' ? value : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
