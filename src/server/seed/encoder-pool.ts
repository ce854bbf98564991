/**
 * Worker threads that draw and encode ranges of patients for the bulk loader, so that on a
 * machine with several cores the generator is not the slowest part of a load. Each thread
 * builds the same plan from the same options (including `now`), and every range is drawn
 * exactly as a single thread would draw it (see patientRanges()).
 */
import { Worker } from 'node:worker_threads';
import type { EncodedRange } from './tables.js';
import type { CityOptions, IdBases } from './generate.js';
import type { PatientRange } from './entities/patients.js';

/** The city the threads draw (`now` in epoch ms). */
export type EncoderCity = Omit<CityOptions, 'now'> & { now: number };

export interface EncoderJob {
  id: number;
  range: PatientRange;
  ids: IdBases;
}

export interface EncoderReply {
  id: number;
  encoded?: EncodedRange;
  error?: string;
}

/** Buffers that crossed a thread arrive as plain Uint8Arrays. */
const asBuffers = (chunks: Uint8Array[]) =>
  chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength));

export class EncoderPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<
    number,
    { resolve: (r: EncodedRange) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;
  private failure: Error | null = null;
  private closing = false;

  constructor(size: number, city: EncoderCity) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./encoder-worker.mjs', import.meta.url), {
        workerData: city,
        execArgv: [],
      });
      worker.on('message', (reply: EncoderReply) => this.settle(reply));
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`encoder thread stopped (exit code ${code})`));
      });
      this.workers.push(worker);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  /** Draws and encodes a range in one of the threads (round robin). */
  encode(range: PatientRange, ids: IdBases): Promise<EncodedRange> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.workers[id % this.workers.length].postMessage({ id, range, ids } satisfies EncoderJob);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private settle(reply: EncoderReply) {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (!reply.encoded) {
      waiter.reject(new Error(`encoder thread: ${reply.error}`));
      return;
    }
    const e = reply.encoded;
    waiter.resolve({
      ...e,
      patients: asBuffers(e.patients),
      appointments: asBuffers(e.appointments),
      journeys: asBuffers(e.journeys),
    });
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }
}
