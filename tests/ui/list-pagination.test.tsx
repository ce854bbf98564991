import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { i18nProvider } from '../../src/app/providers/i18nProvider';
import { ListPagination } from '../../src/app/resources/generic/ListPagination';
import { toListResult } from '../../src/app/providers/dataProvider';

afterEach(cleanup);

const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1 }));

/** The pagination over a list context as react-admin's List builds it from a getList result. */
function renderPagination(
  result: { data: any[]; total?: number; meta?: any } | null,
  error: Error | null = null,
) {
  const context = {
    data: result?.data,
    total: result?.total,
    meta: result?.meta,
    error,
    isPending: false,
    isLoading: false,
    isFetching: false,
    page: 1,
    perPage: 10,
    setPage: () => undefined,
    setPerPage: () => undefined,
    hasNextPage: undefined,
    hasPreviousPage: false,
    resource: 'master/patients',
  } as unknown as ListControllerResult;
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <ListContextProvider value={context}>
        <ListPagination />
      </ListContextProvider>
    </AdminContext>,
  );
}

describe('ListPagination', () => {
  it('writes an exact total the Indonesian way', async () => {
    renderPagination(toListResult({ data: rows, pagination: { total: 5000 } } as any));
    expect(await screen.findByText('1-10 dari 5.000')).toBeTruthy();
  });

  it("reads 'dari sekitar' with the estimated total the data provider reports", async () => {
    const result = toListResult({ data: rows, pagination: { total: 1002108, estimated: true } } as any);
    expect(result.meta).toEqual({ estimatedTotal: true });
    renderPagination(result);
    expect(await screen.findByText('1-10 dari sekitar 1.002.108')).toBeTruthy();
  });

  it('shows no counts when the list has no data because its load failed', () => {
    const { container } = renderPagination(null, new Error('HTTP 500'));
    expect(container.textContent).not.toContain('dari');
  });
});
