import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useLogT, type Column, type Row } from './model';

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Downloads every row of the current filter (up to `max`), page by page of 100. */
export function ExportButton({
  fetchPage,
  columns,
  name,
  max = 10_000,
}: {
  fetchPage: (page: number, limit: number) => Promise<{ rows: Row[]; total: number }>;
  columns: Column[];
  name: string;
  max?: number;
}) {
  const t = useLogT();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows: Row[] = [];
      for (let page = 1; rows.length < max; page++) {
        const got = await fetchPage(page, 100);
        rows.push(...got.rows);
        if (got.rows.length < 100 || rows.length >= got.total) break;
      }
      const lines = [
        columns.map((c) => csvCell(c.label)).join(','),
        ...rows.map((r) => columns.map((c) => csvCell(c.csv ? c.csv(r) : r[c.key])).join(',')),
      ];
      const url = URL.createObjectURL(new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      URL.revokeObjectURL(url);
      notify(t('exported', { count: rows.length }), { type: 'info' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={run} disabled={busy}>
      {t('export')}
    </Button>
  );
}
