/** The real server as a process of its own, for the benches (the load never shares its event loop). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

/** The server's heap bound of `npm start` (package.json). */
const SERVER_HEAP_FLAG = /--max-old-space-size=\d+/.exec(
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start,
)![0];

/** A memory figure of a process from /proc/<pid>/status (VmHWM, VmRSS), in MiB. */
function statusMb(child: ChildProcess, field: string): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  base: string;
  child: ChildProcess;
  /** Peak resident memory of the server process so far (VmHWM), in MiB. */
  peakRssMb(): number;
  /** What the server printed so far. */
  output(): string;
  /** Resident memory of the server process now (VmRSS), in MiB. */
  rssMb(): number;
  /** Starts the peak over from the current resident memory (Linux clear_refs), to measure one phase. */
  resetPeakRss(): void;
  stop(): Promise<void>;
}

/** Starts the server of `dir` on a loopback port (a free one unless given) and waits until it is ready. */
export async function startServer(
  dir: string,
  env: Record<string, string | undefined>,
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  // As `npm start` runs it (its heap bound, see README); SERVER_NODE_ARGS: extra node flags for
  // the server only (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const nodeArgs = [SERVER_HEAP_FLAG, ...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: dir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 600_000;
  while (!out.includes('Ready in')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    peakRssMb() {
      return statusMb(child, 'VmHWM');
    },
    rssMb() {
      return statusMb(child, 'VmRSS');
    },
    resetPeakRss() {
      writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return; // ended already (or killed)
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The server of `dir` as the benches run it on a loaded city: a data directory of its own (removed
 * by stop), a fixed secret key and no console files; `env` adds to that (DATABASE_URL, ...).
 */
export async function startBenchServer(
  dir: string,
  env: Record<string, string | undefined>,
): Promise<RunningServer> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dkj-bench-'));
  const server = await startServer(path.resolve(dir), {
    DATA_DIR: tmp,
    SECRET_KEY: '0'.repeat(64),
    STATIC_DIR: path.join(tmp, 'no-console'),
    ...env,
  }).catch((err) => {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
