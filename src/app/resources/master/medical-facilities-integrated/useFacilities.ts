import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, FACILITIES, type Facility } from './api';

const PER_PAGE = 20;

interface Page {
  data: Facility[];
  pagination: { total: number; totalPages: number };
}

/**
 * One page of the facilities by name, filtered by what is typed in the search box: the search
 * waits for a pause in typing and starts again on the first page.
 */
export function useFacilityList() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [search]);

  const list = useQuery({
    queryKey: ['facility-integration', 'facilities', page, query],
    queryFn: () =>
      call<Page>(
        `${FACILITIES}?${new URLSearchParams({ page: String(page), limit: String(PER_PAGE), sort: 'name', order: 'ASC', ...(query ? { search: query } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['facility-integration'] });

  return {
    search,
    setSearch,
    page,
    setPage,
    list,
    facilities: list.data?.data ?? [],
    totalPages: list.data?.pagination.totalPages ?? 0,
    reload,
  };
}

export type FacilityListState = ReturnType<typeof useFacilityList>;

/**
 * The facility shown on the right: the one clicked, else the first of the list once it has
 * loaded; null while the page shown does not hold it.
 */
export function useSelectedFacility(facilities: Facility[]) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = facilities.find((f) => f.id === selectedId) ?? null;
  const first = facilities[0]?.id;
  useEffect(() => {
    if (selectedId === null && first !== undefined) setSelectedId(first);
  }, [first, selectedId]);
  return { selectedId, setSelectedId, selected };
}
