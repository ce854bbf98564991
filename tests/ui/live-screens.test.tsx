/**
 * The screens' side of the change stream: an open list refetched in place on its first page or
 * told of new records further on, an edit dialog told at once of someone else's save, and the
 * console's own reactions (access, figures, the indicator) on the real client with a fake
 * EventSource.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  AdminContext,
  ListContextProvider,
  type AuthProvider,
  type DataProvider,
  type ListControllerResult,
} from 'react-admin';
import { i18nProvider } from '../../src/app/providers/i18nProvider';
import { dataProvider as consoleDataProvider } from '../../src/app/providers/dataProvider';
import { authProvider as consoleAuthProvider } from '../../src/app/providers/authProvider';
import { realtime, type RealtimeEvent, type RealtimeListener } from '../../src/app/providers/realtime';
import { LiveListUpdates } from '../../src/app/resources/generic/LiveList';
import { RemoteChangeNotice } from '../../src/app/resources/generic/RemoteChangeNotice';
import type { Conflict } from '../../src/app/resources/generic/ConflictPanel';
import { LiveStatus, LiveUpdates } from '../../src/app/layout/LiveUpdates';
import { useMe } from '../../src/app/layout/useMe';
import { useDashboardData } from '../../src/app/components/useDashboardData';

afterEach(cleanup);

/** A dataProvider whose subscriptions the test publishes to. */
function fakeProvider(records: Record<string, any> = {}) {
  const topics = new Map<string, Set<RealtimeListener>>();
  const provider = {
    subscribe: async (topic: string, l: RealtimeListener) => {
      topics.set(topic, new Set([...(topics.get(topic) ?? []), l]));
      return { data: null };
    },
    unsubscribe: async (topic: string, l: RealtimeListener) => {
      topics.get(topic)?.delete(l);
      return { data: null };
    },
    getOne: async (_: string, { id }: { id: string }) => ({ data: records[id] }),
  } as unknown as DataProvider;
  const publish = (topic: string, type: RealtimeEvent['type'], payload: RealtimeEvent['payload']) =>
    act(() => {
      for (const l of topics.get(topic) ?? []) l({ topic, type, payload });
    });
  return { provider, publish, topics };
}

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: 1, fullName: 'Budi' }),
};

const by = { id: '5', name: 'Siti Rahma' };
const at = '2026-11-28T07:05:00.000Z';

describe('an open list', () => {
  const renderList = (page: number) => {
    const { provider, publish } = fakeProvider();
    const refetch = vi.fn();
    const setPage = vi.fn();
    const context = {
      resource: 'master/patients',
      page,
      data: [{ id: 31 }, { id: 32 }],
      refetch,
      setPage,
      filterValues: {},
      sort: { field: 'created_at', order: 'DESC' },
    } as unknown as ListControllerResult;
    render(
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
        <ListContextProvider value={context}>
          <LiveListUpdates />
        </ListContextProvider>
      </AdminContext>,
    );
    return { publish, refetch, setPage };
  };

  it('on its first page, asks for its rows again in place, once for a burst of changes', async () => {
    vi.useFakeTimers();
    try {
      const { publish, refetch } = renderList(1);
      await act(() => vi.advanceTimersByTimeAsync(0));
      publish('resource/master/patients', 'created', { ids: ['90'], by, at });
      expect(refetch).toHaveBeenCalledTimes(1);
      publish('resource/master/patients', 'created', { ids: ['91'], by, at });
      publish('resource/master/patients', 'updated', { ids: ['31'], by, at });
      expect(refetch).toHaveBeenCalledTimes(1);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(refetch).toHaveBeenCalledTimes(2);
      expect(screen.queryByTestId('new-records-bar')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("further on, counts new records in a 'N data baru — Tampilkan' bar and refetches a changed row shown", async () => {
    const { publish, refetch, setPage } = renderList(3);
    await waitFor(() => expect(refetch).not.toHaveBeenCalled());
    publish('resource/master/patients', 'created', { ids: ['90'], by, at });
    publish('resource/master/patients', 'imported', { ids: ['91', '92', '93'], count: 3, by, at });
    const bar = await screen.findByTestId('new-records-bar');
    expect(bar.textContent).toContain('4 data baru');
    expect(refetch).not.toHaveBeenCalled();
    // A change of a row elsewhere leaves the page; one of a row shown refetches it in place.
    publish('resource/master/patients', 'updated', { ids: ['7'], by, at });
    expect(refetch).not.toHaveBeenCalled();
    publish('resource/master/patients', 'updated', { ids: ['32'], by, at });
    expect(refetch).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    expect(setPage).toHaveBeenCalledWith(1);
    expect(screen.queryByTestId('new-records-bar')).toBeNull();
  });
});

describe('an open edit dialog', () => {
  function Form({ children, version }: { children: ReactNode; version: number }) {
    const form = useForm({ defaultValues: { id: 12, version: String(version), full_name: 'Agus' } });
    return <FormProvider {...form}>{children}</FormProvider>;
  }
  const renderNotice = (version = 2) => {
    const current = { id: 12, version: '3', full_name: 'Agus Baru' };
    const { provider, publish } = fakeProvider({ 12: current });
    const conflicts: Conflict[] = [];
    render(
      <AdminContext dataProvider={provider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <Form version={version}>
          <RemoteChangeNotice resource="master/patients" id={12} onConflict={(c) => conflicts.push(c)} />
        </Form>
      </AdminContext>,
    );
    return { publish, conflicts, current };
  };

  it('says at once who saved and when (Jakarta time), and opens the conflict view on the stored record', async () => {
    const { publish, conflicts, current } = renderNotice();
    // The identity is known before events are judged.
    await act(() => new Promise((r) => setTimeout(r, 20)));
    publish('resource/master/patients/12', 'updated', { ids: ['12'], versions: ['3'], by, at });
    const notice = await screen.findByTestId('remote-change');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('Diubah oleh Siti Rahma pukul 14:05');
    fireEvent.click(screen.getByRole('button', { name: 'Lihat perubahan' }));
    await waitFor(() => expect(conflicts).toHaveLength(1));
    expect(conflicts[0]).toEqual({ message: 'Diubah oleh Siti Rahma pukul 14:05', current });
  });

  it("stays quiet for the user's own save and for a version the form already holds", async () => {
    const { publish } = renderNotice(3);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    publish('resource/master/patients/12', 'updated', { ids: ['12'], versions: ['3'], by, at });
    publish('resource/master/patients/12', 'updated', {
      ids: ['12'],
      versions: ['4'],
      by: { id: '1', name: 'Budi' },
      at,
    });
    expect(screen.queryByTestId('remote-change')).toBeNull();
    publish('resource/master/patients/12', 'deleted', { ids: ['12'], by, at });
    expect((await screen.findByTestId('remote-change')).textContent).toContain(
      'Dihapus oleh Siti Rahma pukul 14:05',
    );
    // Nothing to compare with a deleted record.
    expect(screen.queryByRole('button', { name: 'Lihat perubahan' })).toBeNull();
  });
});

describe('the console on the real stream client', () => {
  class FakeEventSource {
    static all: FakeEventSource[] = [];
    onopen: (() => void) | null = null;
    onerror: (() => void) | null = null;
    listeners = new Map<string, ((ev: { data: string; lastEventId: string }) => void)[]>();
    closed = false;
    constructor(readonly url: string) {
      FakeEventSource.all.push(this);
    }
    addEventListener(type: string, l: (ev: { data: string; lastEventId: string }) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
    }
    close() {
      this.closed = true;
    }
    send(type: string, data: unknown, id: string) {
      act(() => {
        for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data), lastEventId: id });
      });
    }
  }
  let calls: { url: string; auth: string | null }[];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

  beforeEach(() => {
    FakeEventSource.all = [];
    calls = [];
    localStorage.setItem('token', 'tok-secret');
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, auth: new Headers(init.headers).get('Authorization') });
      if (url.endsWith('/events/ticket'))
        return json({ ticket: `ticket-${calls.length}`, expiresInSeconds: 30 });
      if (url.endsWith('/auth/me')) return json({ id: 1, role: 'staff', menus: ['/dashboard'] });
      return json({ totalPatients: calls.length });
    });
  });
  afterEach(() => {
    realtime.stop();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  function Screen() {
    useMe();
    const stats = useDashboardData<{ totalPatients: number }>('stats');
    return <div data-testid="figure">{stats.data?.totalPatients}</div>;
  }
  const count = (suffix: string) => calls.filter((c) => c.url.endsWith(suffix)).length;

  it('reads the access again on a menu change and the figures on a figures event, at once', async () => {
    render(
      <AdminContext dataProvider={consoleDataProvider} i18nProvider={i18nProvider}>
        <LiveUpdates />
        <Screen />
      </AdminContext>,
    );
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const stream = FakeEventSource.all[0];
    // The ticket is asked for with the session; the token never goes into the stream's URL.
    expect(calls.find((c) => c.url.endsWith('/events/ticket'))?.auth).toBe('Bearer tok-secret');
    expect(stream.url).toMatch(/^\/api\/events\?ticket=ticket-\d+$/);
    expect(stream.url).not.toContain('tok-secret');
    await waitFor(() => expect(count('/auth/me')).toBe(1));
    await waitFor(() => expect(count('/dashboard/stats')).toBe(1));

    stream.send('menu', { at }, '5');
    await waitFor(() => expect(count('/auth/me')).toBe(2), { timeout: 1500 });
    stream.send('figures', { scopes: ['dashboard'], at }, '6');
    await waitFor(() => expect(count('/dashboard/stats')).toBe(2), { timeout: 1500 });
  });

  it('closes the stream on sign-out and opens none without a session', async () => {
    render(
      <AdminContext dataProvider={consoleDataProvider} i18nProvider={i18nProvider}>
        <LiveUpdates />
      </AdminContext>,
    );
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    act(() => FakeEventSource.all[0].onopen?.());
    await act(() => consoleAuthProvider.logout({}));
    expect(FakeEventSource.all[0].closed).toBe(true);
    expect(realtime.status()).toBe('idle');
    // The server ends the stream too: no reconnect follows without a session.
    act(() => FakeEventSource.all[0].onerror?.());
    await new Promise((r) => setTimeout(r, 1500));
    expect(FakeEventSource.all).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith('/events/ticket'))).toHaveLength(1);
  });

  it("shows 'Pembaruan langsung terputus' while the stream is down, and reconnects with a new ticket", async () => {
    render(
      <AdminContext dataProvider={consoleDataProvider} i18nProvider={i18nProvider}>
        <LiveUpdates />
        <LiveStatus />
      </AdminContext>,
    );
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    act(() => FakeEventSource.all[0].onopen?.());
    FakeEventSource.all[0].send('figures', {}, '11');
    expect(screen.queryByText('Pembaruan langsung terputus')).toBeNull();
    act(() => FakeEventSource.all[0].onerror?.());
    const status = (await screen.findByText('Pembaruan langsung terputus')).closest('[role="status"]');
    expect(status?.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2), { timeout: 3000 });
    expect(FakeEventSource.all[1].url).toContain('lastEventId=11');
    act(() => FakeEventSource.all[1].onopen?.());
    expect(screen.queryByText('Pembaruan langsung terputus')).toBeNull();
  });
});
