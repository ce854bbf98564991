/**
 * A dashboard aggregate the server cannot give yet (503 while its figures are rebuilt after a
 * bulk load) keeps the server's message on screen and is asked again in the background until
 * the figures come; other failures wait for the user's retry.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  UNAVAILABLE_POLL_MS,
  useDashboardData,
  type DashboardStats,
} from '../../src/app/components/useDashboardData';

const REBUILDING = 'Angka dasbor sedang disusun ulang setelah pemuatan data besar.';
const STATS: DashboardStats = {
  totalPatients: 1234,
  totalAppointments: 5678,
  totalMedicalFacilities: 9,
  totalEmergencies: 1,
  totalReports: 2,
};

let answer: () => Response;
let calls = 0;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers();
  calls = 0;
  vi.stubGlobal('fetch', async () => {
    calls++;
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Stats() {
  const stats = useDashboardData<DashboardStats>('stats');
  if (stats.error) return <div role="alert">{stats.error.message}</div>;
  return <div data-testid="patients">{stats.data?.totalPatients ?? '…'}</div>;
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Stats />
    </QueryClientProvider>,
  );
/** Lets timers due within `ms` run, and the answers they fetch arrive. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('a dashboard aggregate', () => {
  it('shows the server message while its figures are rebuilt, then the figures without a click', async () => {
    answer = () => json(503, { error: REBUILDING, message: REBUILDING });
    show();
    await pass(2_000); // the first answer and its one retry
    expect(screen.getByRole('alert').textContent).toBe(REBUILDING);
    const asked = calls;

    await pass(UNAVAILABLE_POLL_MS + 2_000);
    expect(calls).toBeGreaterThan(asked); // asked again, still rebuilding
    expect(screen.getByRole('alert').textContent).toBe(REBUILDING);

    answer = () => json(200, STATS);
    await pass(UNAVAILABLE_POLL_MS + 2_000);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('patients').textContent).toBe('1234');
  });

  it('waits for the user after another failure', async () => {
    answer = () => json(500, { error: 'Database tidak tersedia', message: 'Database tidak tersedia' });
    show();
    await pass(2_000);
    expect(screen.getByRole('alert').textContent).toBe('Database tidak tersedia');
    const asked = calls;
    await pass(3 * UNAVAILABLE_POLL_MS);
    expect(calls).toBe(asked);
  });
});
