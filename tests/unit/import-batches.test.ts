import { describe, expect, it } from 'vitest';
import { batchRowsFor } from '../../src/server/imports/run';
import { BATCH_ROWS, GROUP_ROWS } from '../../src/server/imports/batch';

describe('rows per written batch of an import', () => {
  it('moves the progress of a small file in about twenty steps', () => {
    // 5,000 rows of 100 bytes: the first 250 read took 25,000 bytes.
    const rows = batchRowsFor(500_000, 25_000, 250);
    expect(rows).toBe(GROUP_ROWS);
    expect(5000 / rows).toBeGreaterThanOrEqual(20);
    // 40,000 rows: batches of 2,000, never a size between two checked groups.
    expect(batchRowsFor(4_000_000, 25_000, 250)).toBe(2000);
  });

  it('keeps full batches for a large file, even when more was read than parsed', () => {
    expect(batchRowsFor(350_000_000, 2_000_000, 250)).toBe(BATCH_ROWS);
    expect(batchRowsFor(100, 0, 0)).toBe(BATCH_ROWS);
  });
});
