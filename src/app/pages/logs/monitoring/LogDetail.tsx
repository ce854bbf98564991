import { Box, Button } from '@mui/material';
import { useLogT, type Row } from '../model';
import { DetailDialog, JsonBlock, ValueDiff } from '../DetailDialog';
import { dataColumns, type TabConfig, type TabKey } from './tabs';

/**
 * The detail of a row: its columns, then an activity's changed values, the stored details and
 * the browser; an open security event can be resolved from here.
 */
export function LogDetail({
  open,
  config,
  onClose,
  onResolve,
  resolving,
}: {
  open: { tab: TabKey; row: Row } | null;
  config: TabConfig | null;
  onClose: () => void;
  onResolve: (row: Row) => void;
  resolving: boolean;
}) {
  const t = useLogT();
  const detail = open && config ? dataColumns(config.columns) : [];
  return (
    <DetailDialog
      row={open?.row ?? null}
      onClose={onClose}
      fields={detail.map((c) => ({ label: c.label, value: open ? c.render(open.row) : null }))}
      actions={
        open?.tab === 'security' && !open.row.is_resolved ? (
          <Button variant="contained" onClick={() => onResolve(open.row)} disabled={resolving}>
            {t('monitoring.resolve')}
          </Button>
        ) : undefined
      }
    >
      {open?.tab === 'activity' && (
        <>
          <ValueDiff oldValues={open.row.old_values} newValues={open.row.new_values} />
          {open.row.details && <JsonBlock value={open.row.details} />}
        </>
      )}
      {open && open.tab !== 'activity' && open.row.details && <JsonBlock value={open.row.details} />}
      {open?.row.user_agent && (
        <Box sx={{ mt: 1, fontSize: 12, color: 'text.secondary' }}>{open.row.user_agent}</Box>
      )}
    </DetailDialog>
  );
}
