import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LISTEN_APPLICATION_NAME } from '../src/db/listen.ts';

export interface Heard {
  channel: string;
  payload: string;
  /** The backend that sent it. */
  pid: number;
}

type Rows<T> = { rows: T[] };

/**
 * Another process's view of the app's notifications (PostgreSQL): a plain connection to the app's
 * own database (a NOTIFY reaches only the listeners of its database) listening on `channels`.
 */
export async function watchNotifications(app: FastifyInstance, url: string, channels: string[]) {
  const [{ name }] = ((await app.database.db.execute(sql`select current_database() as name`)) as unknown as Rows<{ name: string }>).rows;
  const database = new URL(url);
  database.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: database.toString() });
  await client.connect();
  const heard: Heard[] = [];
  client.on('notification', (message) => heard.push({ channel: message.channel, payload: message.payload ?? '', pid: message.processId }));
  for (const channel of channels) await client.query(`LISTEN ${channel}`);
  return {
    heard,
    /** The backends of the API's LISTEN connection, which sends its announcements. */
    async listenPids(): Promise<Set<number>> {
      const rows = ((await app.database.db.execute(sql`select pid from pg_stat_activity where application_name = ${LISTEN_APPLICATION_NAME}`)) as unknown as Rows<{ pid: number }>).rows;
      return new Set(rows.map((row) => Number(row.pid)));
    },
    /** The application names of the backends that sent `messages`. */
    async senders(messages: Heard[]): Promise<string[]> {
      const rows = ((await app.database.db.execute(sql`select distinct application_name from pg_stat_activity where pid = any(${`{${messages.map((entry) => entry.pid).join(',')}}`}::int[])`)) as unknown as Rows<{ application_name: string }>).rows;
      return rows.map((row) => row.application_name);
    },
    end: () => client.end(),
  };
}
