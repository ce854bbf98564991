import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { keepPreviousData } from '@tanstack/react-query';
import { medicalFacilities } from '../../../../resources/medical-facilities';
import { consoleNameOf } from '../../screen-paths';
import type { Facility } from './records';
import { useLiveList } from '../../generic/LiveList';

const PER_PAGE = 20;

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

  const list = useGetList<Facility>(
    consoleNameOf(medicalFacilities),
    {
      pagination: { page, perPage: PER_PAGE },
      sort: medicalFacilities.defaultSort,
      filter: query ? { q: query } : {},
    },
    { placeholderData: keepPreviousData },
  );

  // New and changed facilities show without losing the page or the search (LiveList).
  const live = useLiveList({
    resource: consoleNameOf(medicalFacilities),
    page,
    ids: (list.data ?? []).map((f) => f.id),
    refetch: list.refetch,
    toFirstPage: () => setPage(1),
    queryKey: query,
  });

  return {
    live,
    search,
    setSearch,
    page,
    setPage,
    list,
    facilities: list.data ?? [],
    totalPages: Math.ceil((list.total ?? 0) / PER_PAGE),
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
