/** Which statements may go to a read replica, and how far behind a replica is. */
import { describe, expect, it } from 'vitest';
import { isRead } from '../../src/server/db/postgres';
import { lsnValue, replayLagMs } from '../../src/server/db/replicas';

describe('statements a replica may run', () => {
  it('takes reads, cursor fetches and read-only CTEs', () => {
    for (const sql of [
      'SELECT 1',
      '  select id from patients where full_name ILIKE $1',
      'WITH t AS (SELECT 1) SELECT * FROM t',
      '/* marker */ SELECT pg_sleep(1)',
      'FETCH 2000 FROM export_ab12',
    ])
      expect(isRead(sql)).toBe(true);
  });

  it('keeps writes, locks, sequences, cursors and settings on the primary', () => {
    for (const sql of [
      'INSERT INTO patients (full_name) VALUES ($1)',
      'UPDATE sessions SET write_lsn = pg_current_wal_lsn() WHERE id = $1',
      'WITH d AS (DELETE FROM x RETURNING *) SELECT count(*) FROM d',
      'SELECT * FROM patients WHERE id = $1 FOR UPDATE',
      "SELECT nextval('patients_id_seq')",
      'SELECT * INTO copy FROM patients',
      'DECLARE c CURSOR FOR SELECT 1',
      'SET LOCAL statement_timeout = 0',
      'SELECT 1; -- comment\nDELETE FROM x',
    ])
      expect(isRead(sql)).toBe(false);
  });
});

describe('replay lag', () => {
  const history = [
    { at: 1000, lsn: lsnValue('0/100') },
    { at: 2000, lsn: lsnValue('0/200') },
    { at: 3000, lsn: lsnValue('0/300') },
  ];

  it('orders WAL positions across the 4 GB boundary', () => {
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe(0x16b374d848n);
  });

  it('is 0 once the replica has replayed what the primary had at the last sample', () => {
    expect(replayLagMs(history, lsnValue('0/300'), 3100)).toBe(0);
    expect(replayLagMs(history, lsnValue('0/400'), 3100)).toBe(0);
  });

  it('counts from the moment the primary first had WAL the replica has not replayed', () => {
    expect(replayLagMs(history, lsnValue('0/250'), 3100)).toBe(100);
    expect(replayLagMs(history, lsnValue('0/150'), 3100)).toBe(1100);
    // Behind even the oldest sample: at least that sample's age.
    expect(replayLagMs(history, lsnValue('0/50'), 9000)).toBe(8000);
  });
});
