/**
 * The change stream across API processes on one PostgreSQL: a write through one process
 * reaches the readers of another (the outbox announced by LISTEN/NOTIFY).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, scratchDatabase, startServer } from './server-process';
import { SseReader } from './events-helper';

const postgres = process.env.TEST_DATABASE_URL ? it : it.skip;

async function signIn(base: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('change stream across processes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  postgres(
    'a change written through one process reaches a stream open on the other',
    async () => {
      const env = await scratchDatabase('postgres', cleanups);
      const one = await startServer({ ...env, HEARTBEAT_MS: '500' });
      cleanups.push(async () => void one.child.kill('SIGKILL'));
      const two = await startServer({ ...env, HEARTBEAT_MS: '500' });
      cleanups.push(async () => void two.child.kill('SIGKILL'));

      const token = await signIn(one.base);
      const reader = await SseReader.open(two.base, { token });
      cleanups.push(() => reader.close());
      // A menu change saved through the first process.
      const matrix = await fetch(`${one.base}/api/admin/menu-access`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json() as Promise<{ version: string; matrix: Record<string, string[]> }>);
      const saved = await fetch(`${one.base}/api/admin/menu-access`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          role: 'viewer',
          // One menu more or less for viewers: a change either way.
          menus: matrix.matrix.viewer.includes('/geographic')
            ? matrix.matrix.viewer.filter((m) => m !== '/geographic')
            : [...matrix.matrix.viewer, '/geographic'],
          version: matrix.version,
        }),
      });
      expect(saved.status).toBe(200);
      // A sign-in through the first process writes the admin's record (its last sign-in).
      await signIn(one.base);
      const change = await reader.next(
        (e) => e.event === 'change' && e.data.resource === 'master/web-admins',
      );
      expect(change.data.kind).toBe('updated');
      await reader.next((e) => e.event === 'menu');

      // Signing out through the first process closes the stream on the second.
      const out = await fetch(`${one.base}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.status).toBe(200);
      expect(await reader.closedWithin(5000)).toBe(true);
    },
    240_000,
  );
});
