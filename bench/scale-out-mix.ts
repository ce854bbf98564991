/**
 * The scale-out bench's load: `connections` readers cycling the load bench's reads with one
 * session, beside one writer creating patients at a steady rate with a session of its own (so
 * that the readers' session never wrote, and its heavy reads may all go to a replica). Each
 * failed request (a network error, a timeout or an answer that is not 2xx) is kept with the
 * moment it happened, to tell failures before and after an event.
 */
import autocannon from 'autocannon';

export interface MixResult {
  /** Requests per second, reads and writes together. */
  rps: number;
  writeRps: number;
  /** The readers' latencies, ms. */
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  /** performance.now() of each failure. */
  failedAt: number[];
}

export interface MixOptions {
  base: string;
  paths: string[];
  reader: string;
  writer: string;
  connections: number;
  seconds: number;
  newPatient: () => object;
  writesPerSecond?: number;
}

function watch(instance: autocannon.Instance, failedAt: number[]) {
  instance.on('response', (_client, status) => {
    if (status < 200 || status >= 300) failedAt.push(performance.now());
  });
  instance.on('reqError', () => failedAt.push(performance.now()));
}

const run = (opts: autocannon.Options, failedAt: number[]) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    watch(instance, failedAt);
  });

export function runMix(o: MixOptions): { done: Promise<MixResult> } {
  const failedAt: number[] = [];
  const readers = run(
    {
      url: o.base,
      connections: o.connections,
      duration: o.seconds,
      headers: { authorization: `Bearer ${o.reader}` },
      requests: o.paths.map((path) => ({ method: 'GET' as const, path })),
    },
    failedAt,
  );
  const writers = run(
    {
      url: `${o.base}/api/master/patients`,
      connections: 1,
      overallRate: o.writesPerSecond ?? 20,
      duration: o.seconds,
      headers: { authorization: `Bearer ${o.writer}`, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/api/master/patients',
          setupRequest: (req) => ({ ...req, body: JSON.stringify(o.newPatient()) }),
        },
      ],
    },
    failedAt,
  );
  const done = Promise.all([readers, writers]).then(([r, w]) => ({
    rps: r.requests.average + w.requests.average,
    writeRps: w.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total + w.requests.total,
    failed: failedAt.length,
    failedAt,
  }));
  return { done };
}
