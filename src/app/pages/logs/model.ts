/** What both log screens share: page sizes, rows and filters, columns, texts and the list's query string. */
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatDateTimeWib } from '../../../domain/format';

export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;
export type Row = Record<string, any>;
export type Filters = Record<string, string>;

/** The screens' texts (app.logs.*). */
export const useLogT = () => {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`app.logs.${key}`, options);
};

export { tabBadge as badge } from '../../../domain/api-logs';

export const dateTime = (v: string | null | undefined) => formatDateTimeWib(v);

export interface FilterField {
  name: string;
  label: string;
  /** A choice list; otherwise free text ('date' for a date picker, 'number' for an id). */
  choices?: { value: string; label: string }[];
  type?: 'text' | 'date' | 'number';
}

export interface Column {
  key: string;
  label: string;
  align?: 'left' | 'right' | 'center';
  render: (row: Row) => ReactNode;
  /** The CSV cell (the raw field by default). */
  csv?: (row: Row) => unknown;
}

/** Query string of a page of a filtered log list; empty filters are left out. */
export function listQuery(filters: Filters, page: number, limit: number, dateKeys?: [string, string]) {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) });
  for (const [k, v] of Object.entries(filters)) {
    if (!v) continue;
    // A date filter covers its whole day in Jakarta time.
    if (dateKeys?.[0] === k) q.set(k, `${v}T00:00:00+07:00`);
    else if (dateKeys?.[1] === k) q.set(k, `${v}T23:59:59.999+07:00`);
    else q.set(k, v);
  }
  return q.toString();
}

/** JSON text (as the logs store it) parsed, or the text itself. */
export function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}
