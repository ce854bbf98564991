/**
 * Runs in a worker thread of EncoderPool (./encoder-pool.ts): draws and encodes the ranges of
 * patients it is sent and posts the COPY buffers back (moved, not copied).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { encodePatientRange } from './tables.js';
import { planCity } from './generate.js';
import type { EncoderCity, EncoderJob, EncoderReply } from './encoder-pool.js';

const city = workerData as EncoderCity;
const plan = planCity({ ...city, now: new Date(city.now) });

parentPort!.on('message', (job: EncoderJob) => {
  let reply: EncoderReply;
  try {
    reply = { id: job.id, encoded: encodePatientRange(plan, job.ids, job.range) };
  } catch (err) {
    reply = { id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  const buffers = reply.encoded
    ? [...reply.encoded.patients, ...reply.encoded.appointments, ...reply.encoded.journeys]
    : [];
  parentPort!.postMessage(
    reply,
    buffers.map((b) => b.buffer as ArrayBuffer),
  );
});
