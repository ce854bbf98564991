import { describe, it, expect } from 'vitest';
import type { Db } from '../../src/server/db/db';
import { LogWriter } from '../../src/server/logs/writer';
import { RepeatCounter } from '../../src/server/logs/suspicious';

/** A database that records the batches it is given, and can be made to fail. */
function fakeDb() {
  const batches: { sql: string; rows: any[] }[] = [];
  let down = false;
  const db = {
    kind: 'pglite',
    async query(sql: string, params?: unknown[]) {
      if (down) throw new Error('database is down');
      batches.push({ sql, rows: JSON.parse(String(params![0])) });
      return { rows: [], rowCount: 0 };
    },
  } as unknown as Db;
  return { db, batches, setDown: (v: boolean) => (down = v) };
}

const row = (i: number) => ({
  request_id: `r${i}`,
  request_time: new Date().toISOString(),
  method: 'GET',
  url: `/api/x/${i}`,
  route_pattern: '/api/x/:id',
  status_code: 200,
  duration_ms: 1,
  user_id: null,
  username: null,
  facility_id: null,
  ip_address: null,
  user_agent: null,
  request_data: null,
  response_data: null,
});

describe('log writer', () => {
  it('writes a batch as one statement per table, at the buffer size', async () => {
    const { db, batches } = fakeDb();
    const w = new LogWriter(db, { bufferRows: 3, flushIntervalMs: 60_000, maxBufferedRows: 100 });
    w.apiRequest(row(1));
    w.apiRequest(row(2));
    expect(batches).toHaveLength(0);
    w.apiRequest(row(3));
    await w.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0].sql).toContain('INSERT INTO api_request_logs');
    expect(batches[0].rows.map((r) => r.request_id)).toEqual(['r1', 'r2', 'r3']);
    await w.close();
  });

  it('drops the oldest rows past its bound while the database is down, then reports the count', async () => {
    const { db, batches, setDown } = fakeDb();
    const w = new LogWriter(db, { bufferRows: 1000, flushIntervalMs: 60_000, maxBufferedRows: 5 });
    setDown(true);
    for (let i = 1; i <= 8; i++) w.apiRequest(row(i));
    expect(w.pending).toBe(5);
    await w.flush(); // fails: rows stay
    expect(w.pending).toBe(5);
    setDown(false);
    await w.flush();
    expect(batches[0].rows.map((r) => r.request_id)).toEqual(['r4', 'r5', 'r6', 'r7', 'r8']);
    await w.flush();
    const report = batches.find((b) => b.sql.includes('INSERT INTO system_logs'));
    expect(report?.rows[0]).toMatchObject({
      level: 'WARNING',
      category: 'DATABASE',
      details: { dropped: 3 },
    });
    await w.close();
  });

  it('writes what is waiting on close', async () => {
    const { db, batches } = fakeDb();
    const w = new LogWriter(db, { bufferRows: 1000, flushIntervalMs: 60_000, maxBufferedRows: 5000 });
    w.system({ level: 'INFO', category: 'API', message: 'bye' });
    await w.close();
    expect(batches.map((b) => b.rows[0].message)).toEqual(['bye']);
  });
});

describe('repeat counter', () => {
  it('fires once at the threshold within the window, and starts again', () => {
    const c = new RepeatCounter(3, 1000);
    expect([c.hit('a', 0), c.hit('a', 10), c.hit('a', 20)]).toEqual([false, false, true]);
    expect(c.hit('a', 30)).toBe(false);
    // Hits spread wider than the window never fire.
    expect([c.hit('b', 0), c.hit('b', 600), c.hit('b', 1700), c.hit('b', 2800)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
