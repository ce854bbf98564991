import { Pagination, useListContext, useTranslate } from 'react-admin';
import type { LabelDisplayedRowsArgs } from '@mui/material';
import { formatCount } from '../../components/figures';

/**
 * The list's pagination with its numbers written like every other figure ('1-10 dari 5.000');
 * an estimated total reads 'dari sekitar 1.002.108'. A list without data (its load failed)
 * shows no counts at all.
 */
export function ListPagination() {
  const translate = useTranslate();
  const { data, error, meta } = useListContext();
  if (error || !data) return null;
  const estimated = Boolean(meta?.estimatedTotal);
  const labelDisplayedRows = ({ from, to, count }: LabelDisplayedRowsArgs) =>
    count === -1
      ? translate('ra.navigation.partial_page_range_info', {
          offsetBegin: formatCount(from),
          offsetEnd: formatCount(to),
        })
      : translate(estimated ? 'app.common.page_range_estimated' : 'ra.navigation.page_range_info', {
          offsetBegin: formatCount(from),
          offsetEnd: formatCount(to),
          total: formatCount(count),
        });
  // react-admin passes the rest of its props to MUI's TablePagination, whose label this replaces.
  const tablePaginationProps = { labelDisplayedRows } as Record<string, unknown>;
  // On a phone the floating add button (56 px, 20 px from the right) sits at the foot of the
  // screen: the arrows stay left of it.
  return (
    <Pagination
      {...tablePaginationProps}
      sx={{ '& .MuiTablePagination-toolbar': { pr: { xs: '84px', sm: '2px' } } }}
    />
  );
}
