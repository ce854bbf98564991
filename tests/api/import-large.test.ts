/**
 * A large import: a 200 MB file streamed from a generator (never held in memory, neither here
 * nor by the server), cancelled midway: the job ends cancelled, and what it wrote is whole
 * batches of the file's first rows, matching its counts.
 */
import { Readable } from 'node:stream';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { csv, PATIENT_HEADERS, upload, waitForJob } from './import-helper';
import { makeNik } from '../../src/domain/nik';
import { KECAMATAN } from '../../src/server/seed/generate';
import { BATCH_ROWS } from '../../src/server/imports/run';
import { CANCELLED } from '../../src/server/imports/jobs';

const TARGET_BYTES = 200 * 1024 * 1024;

/** Row i of the big file: a valid patient with a NIK of its own, named by its number. */
function bigRow(i: number): string[] {
  const kec = KECAMATAN[i % KECAMATAN.length];
  const gender = Math.floor(i / KECAMATAN.length) % 2 ? 'P' : 'L';
  const slot = Math.floor(i / (KECAMATAN.length * 2));
  const dob = new Date(Date.UTC(1940, 0, 1) + (slot % 30000) * 86400000).toISOString().slice(0, 10);
  const nik = makeNik(kec.code, dob, gender, 9001 + Math.floor(slot / 30000));
  return [`Besar ${String(i + 1).padStart(7, '0')}`, 'KTP', nik, 'Jakarta', dob, gender, 'Menikah', 'BPJS'];
}

/** 200 MB of CSV, made as it is read. */
function bigFile(): Readable {
  let bytes = 0;
  let i = 0;
  return Readable.from(
    (function* () {
      const head = csv([PATIENT_HEADERS]);
      bytes += head.length;
      yield head;
      while (bytes < TARGET_BYTES) {
        const chunk = csv(Array.from({ length: 5000 }, () => bigRow(i++)));
        bytes += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

describe.each(dbTargets())('a large import (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 30 });
    admin = await t.login(DEMO_EMAILS.admin);
  });
  afterAll(() => t?.close());

  it('streams a 200 MB file and, cancelled midway, leaves only whole batches', async () => {
    const res = await upload(t, admin, 'master/patients', bigFile(), { file_name: 'besar.csv' });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json();
    // Once two batches are in, ask it to stop.
    for (;;) {
      const job = (await t.request(admin, { method: 'GET', url: `/api/imports/${id}` })).json();
      expect(job.bytes_total).toBeGreaterThanOrEqual(TARGET_BYTES);
      if (job.rows_inserted >= 2 * BATCH_ROWS) break;
      expect(['queued', 'running']).toContain(job.status);
      await new Promise((r) => setTimeout(r, 50));
    }
    const cancel = await t.request(admin, { method: 'POST', url: `/api/imports/${id}/cancel` });
    expect(cancel.statusCode).toBe(200);
    const job = await waitForJob(t, admin, id);
    expect(job).toMatchObject({ status: 'cancelled', error: CANCELLED, rows_rejected: 0 });
    expect(job.rows_read).toBeLessThan(1_000_000);
    expect(job.bytes_read).toBeLessThan(job.bytes_total);
    expect(job.rows_inserted % BATCH_ROWS).toBe(0);
    expect(job.rows_inserted).toBe(job.rows_read);
    const { rows } = await t.db.query<{ n: number; last: string }>(
      `SELECT count(*)::int AS n, max(full_name) AS last FROM patients WHERE full_name LIKE 'Besar %'`,
    );
    expect(rows[0].n).toBe(job.rows_inserted);
    expect(rows[0].last).toBe(`Besar ${String(job.rows_inserted).padStart(7, '0')}`);
  }, 300_000);
});
