/**
 * How an import hands its batches to the database: two writers side by side, never two
 * batches that name the same record at once; a cancel or a failed write stops the next
 * batches; COPY text and kept cells read back by index.
 */
import { describe, expect, it } from 'vitest';
import { keyHash, WritePipeline, type WriterTransaction } from '../../src/server/imports/pipeline';
import { copyField, LineBuffers, StagedRows } from '../../src/server/imports/stage';

interface TestBatch {
  name: string;
  keys: Set<number> | null;
}

const batch = (name: string, keys: string[] | null = null): TestBatch => ({
  name,
  keys: keys && new Set(keys.map(keyHash)),
});

/** Two writers whose writes end when the test says; the log says what started and ended when. */
function harness() {
  const log: string[] = [];
  const ends = new Map<string, (cancel: boolean) => void>();
  const fails = new Map<string, (err: Error) => void>();
  const transactions: WriterTransaction[] = [(fn) => fn({} as never), (fn) => fn({} as never)];
  const pipeline = new WritePipeline<TestBatch>(transactions, (transaction, b) =>
    transaction(
      () =>
        new Promise<boolean>((resolve, reject) => {
          log.push(`start ${b.name}`);
          ends.set(b.name, (cancel) => {
            log.push(`end ${b.name}`);
            resolve(cancel);
          });
          fails.set(b.name, reject);
        }),
    ),
  );
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { log, pipeline, tick, end: (n: string, cancel = false) => ends.get(n)!(cancel), fail: fails };
}

describe('the write pipeline of an import', () => {
  it('writes two batches side by side and starts a third when one of them ends', async () => {
    const { log, pipeline, tick, end } = harness();
    await pipeline.dispatch(batch('a'));
    await pipeline.dispatch(batch('b'));
    const third = pipeline.dispatch(batch('c'));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    end('b');
    await third;
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    end('a');
    end('c');
    await pipeline.finish();
  });

  it('waits for the batch being written that names a record the next one names too', async () => {
    const { log, pipeline, tick, end } = harness();
    await pipeline.dispatch(batch('a', ['KTP\u00013171010101900001', 'KTP\u00013171010101900002']));
    const second = pipeline.dispatch(batch('b', ['KTP\u00013171010101900002']));
    await tick();
    expect(log).toEqual(['start a']);
    end('a');
    await second;
    expect(log).toEqual(['start a', 'end a', 'start b']);
    end('b');
    await pipeline.finish();
  });

  it('starts no batch once a written one answered that a cancel was asked for', async () => {
    const { log, pipeline, end } = harness();
    await pipeline.dispatch(batch('a'));
    await pipeline.dispatch(batch('b'));
    const third = pipeline.dispatch(batch('c'));
    end('a', true);
    expect(await third).toBe(false);
    end('b');
    await pipeline.finish();
    expect(pipeline.cancelled).toBe(true);
    expect(log).not.toContain('start c');
  });

  it('answers a failed write to the next dispatch and to finish, after the others end', async () => {
    const { pipeline, end, fail } = harness();
    await pipeline.dispatch(batch('a'));
    await pipeline.dispatch(batch('b'));
    fail.get('a')!(new Error('deadlock'));
    await expect(pipeline.dispatch(batch('c'))).rejects.toThrow('deadlock');
    end('b');
    await expect(pipeline.finish()).rejects.toThrow('deadlock');
  });
});

describe('the text of a staged batch', () => {
  it("writes COPY's text format: NULL, escapes, booleans, numbers and JSON", () => {
    expect(['a\tb', 'x\\y\nz\r', null, undefined, true, false, 12.5, { k: 'v\t' }].map(copyField)).toEqual([
      'a\\tb',
      'x\\\\y\\nz\\r',
      '\\N',
      '\\N',
      't',
      'f',
      '12.5',
      '{"k":"v\\\\t"}',
    ]);
    const rows = new StagedRows(['name', 'age']);
    expect(rows.add({ name: 'Ani', age: 30 })).toBe(0);
    expect(rows.add({ name: 'Budi' })).toBe(1);
    expect(Buffer.concat(rows.finish()).toString()).toBe('0\tAni\t30\n1\tBudi\t\\N\n');
  });

  it('reads each line back by index, across its buffers', () => {
    const lines = new LineBuffers();
    const texts = Array.from({ length: 3000 }, (_, i) => JSON.stringify([`baris ${i}`, 'é'.repeat(i % 50)]));
    texts.forEach((t, i) => expect(lines.push(t)).toBe(i));
    expect(lines.buffers().length).toBeGreaterThan(1);
    for (const i of [0, 1, 1499, 2998, 2999]) expect(lines.get(i)).toBe(texts[i]);
    expect(() => lines.get(3000)).toThrow(RangeError);
  });
});
