import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Tx } from './types.js';
import { typeParsers } from './types.js';
import { actorStatement, QUERY_CANCELED, work } from './work.js';
import { clusterTemplate, hasCluster } from './pglite-template.js';
import { migrate } from './migrate.js';
import { CLOCK_SETTING, clockOffsetMs } from '../../domain/clock.js';

/** The cluster new databases start from: an empty one with every migration applied. */
async function makeTemplate(): Promise<Blob> {
  const pg = await PGlite.create({ parsers: typeParsers as any, extensions: { pg_trgm } });
  try {
    await migrate(dbOf(pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

export async function openPglite(dataDir?: string, bare = false): Promise<Db> {
  // A new database starts from the cached cluster rather than initdb and the migrations.
  const loadDataDir =
    bare || (dataDir && hasCluster(dataDir)) ? undefined : await clusterTemplate(makeTemplate);
  // pg_trgm: substring search through trigram indexes, as on PostgreSQL.
  const pg = await PGlite.create(dataDir, {
    parsers: typeParsers as any,
    extensions: { pg_trgm },
    loadDataDir,
  });
  if (clockOffsetMs)
    await pg.query(`SELECT set_config('${CLOCK_SETTING}', $1, false)`, [String(clockOffsetMs)]);
  return dbOf(pg);
}

const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Tx & Required<Pick<Tx, 'copyFrom'>> => ({
  async query(sql, params) {
    // A statement cannot be interrupted here; one whose client has gone is not started.
    if (work.getStore()?.signal?.aborted)
      throw Object.assign(new Error('the client has gone'), { code: QUERY_CANCELED });
    const res = await q.query<any>(sql, params as any[]);
    return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
  },
  async exec(sql) {
    await q.exec(sql);
  },
  async copyFrom(sql, data) {
    // PGlite reads a COPY's input from the blob given with the statement.
    await q.query(sql.replace(/ FROM STDIN/, " FROM '/dev/blob'"), [], {
      blob: new Blob(data as Uint8Array<ArrayBuffer>[]),
    });
  },
});

function dbOf(pg: PGlite): Db {
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    copyFrom: base.copyFrom,
    transaction(fn, { readOnly = false } = {}) {
      return pg.transaction(async (tx) => {
        const actor = readOnly ? undefined : actorStatement();
        if (actor) await tx.query(actor[0], actor[1]);
        return fn(wrap(tx as any));
      });
    },
    async listen(channels, onNotify) {
      const stops = await Promise.all(channels.map((c) => pg.listen(c, () => onNotify(c))));
      return async () => {
        for (const stop of stops) await stop().catch(() => undefined);
      };
    },
    // A copy of the cluster's files between two statements (a crash-consistent snapshot: an
    // open transaction's changes are not in it); uncompressed, so statements wait the least.
    dumpDataDir: () => pg.dumpDataDir('none'),
    async close() {
      await pg.close();
    },
  };
}
