import { useState } from 'react';
import { API_URL, httpClient } from '../../../providers/http';
import { DEFAULT_PAGE_SIZE, listQuery, useLogT, type Filters, type Row } from '../model';
import { FilterBar } from '../FilterBar';
import { ExportButton } from '../ExportButton';
import { PagedLogTable } from '../LogTable';
import { usePagedLog } from '../usePagedLog';
import { DATES, PATHS, dataColumns, type TabConfig, type TabKey } from './tabs';

/** One log: its filters with CSV export, the table (a row opens its detail) and the pager. */
export function LogTab({
  tab,
  config,
  onOpen,
}: {
  tab: TabKey;
  config: TabConfig;
  onOpen: (r: Row) => void;
}) {
  const t = useLogT();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const query = usePagedLog(PATHS[tab], filters, page, limit, DATES);
  const columns = dataColumns(config.columns);
  return (
    <>
      <FilterBar
        fields={config.filters}
        range={DATES}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0); // a new filter starts at page 1
        }}
        actions={
          <ExportButton
            name={tab}
            columns={columns}
            fetchPage={async (p, l) => {
              const body = (await httpClient(`${API_URL}${PATHS[tab]}?${listQuery(filters, p, l, DATES)}`))
                .json;
              return { rows: body.data, total: body.pagination.total };
            }}
          />
        }
      />
      <PagedLogTable
        query={query}
        errorMessage={t(`monitoring.errors.${tab}`)}
        label={t(`monitoring.tabs.${tab}`)}
        columns={config.columns}
        rowKey={(r) => String(r.id)}
        onRowClick={onOpen}
        page={page}
        limit={limit}
        onPage={setPage}
        onLimit={(l) => (setLimit(l), setPage(0))}
      />
    </>
  );
}
