import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { formatCount } from '../../../components/figures';
import type { ImportJob } from './importApi';

const PER_PAGE = 10;
/** The server reports the first problems only, this many. */
const REPORTED = 1000;

/** A job's problems, a page of ten at a time: the file's row, the column, its value, what is wrong. */
export function ProblemsTable({ job }: { job: ImportJob }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const problems = job.problems ?? [];
  if (!problems.length) return null;
  const shown = problems.slice(page * PER_PAGE, (page + 1) * PER_PAGE);
  const t = (key: string) => translate(`app.import.problem.${key}`);
  return (
    <Box component="section" aria-labelledby="import-problems-title">
      <Typography id="import-problems-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.import.problems_title')}
      </Typography>
      {problems.length >= REPORTED && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.import.problems_shown', {
            shown: formatCount(problems.length),
            total: formatCount(job.rows_rejected),
          })}
        </Typography>
      )}
      {/* Scrolls sideways on a phone: a region the keyboard can reach and scroll. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="import-problems-title">
        <Table
          size="small"
          sx={{ minWidth: 560 }}
          aria-labelledby="import-problems-title"
          data-testid="import-problems"
        >
          <TableHead>
            <TableRow>
              <TableCell align="right">{t('row')}</TableCell>
              <TableCell>{t('column')}</TableCell>
              <TableCell>{t('value')}</TableCell>
              <TableCell>{t('message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((p, i) => (
              <TableRow key={`${p.row}-${p.column}-${i}`}>
                <TableCell align="right">{formatCount(p.row)}</TableCell>
                <TableCell>{p.column ?? '-'}</TableCell>
                <TableCell
                  sx={{ minWidth: 120, maxWidth: 200, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
                >
                  {p.value ?? ''}
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>{p.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {problems.length > PER_PAGE && (
        <TablePagination
          component="div"
          count={problems.length}
          page={page}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_, next) => setPage(next)}
          getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
          }
        />
      )}
    </Box>
  );
}
