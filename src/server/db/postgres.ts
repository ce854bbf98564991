import pg from 'pg';
import type { Db, Tx } from './db.js';
import { typeParsers } from './db.js';

const types = {
  getTypeParser(oid: number, format?: any) {
    return typeParsers[oid] ?? pg.types.getTypeParser(oid, format);
  },
};

export async function openPostgres(connectionString: string, schema?: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    types: types as any,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    // A schema of its own isolates a test run from others on the same database.
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  if (schema) {
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.end();
  }
  const wrap = (q: { query: pg.Pool['query'] }): Tx => ({
    async query(sql, params) {
      const res = await q.query(sql, params as any[]);
      return { rows: res.rows, rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql) {
      await q.query(sql); // no parameters: the simple protocol accepts several statements
    },
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client as any));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
