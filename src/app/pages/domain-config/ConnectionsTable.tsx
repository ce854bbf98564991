import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { T, type DomainConnection } from './connections';

const STATUS_COLOR = { active: 'success', inactive: 'warning', not_configured: 'default' } as const;

function UrlLines({ prod, sandbox }: { prod: string | null; sandbox: string | null }) {
  const translate = useTranslate();
  return (
    <Box sx={{ fontSize: 13, wordBreak: 'break-all' }}>
      {[
        ['production', prod],
        ['sandbox', sandbox],
      ].map(([k, v]) => (
        <div key={k}>
          <Typography component="span" variant="caption" color="text.secondary">
            {translate(`${T}.${k}`)}:{' '}
          </Typography>
          {v || '-'}
        </div>
      ))}
    </Box>
  );
}

export interface RowActions {
  onActivate: (row: DomainConnection) => void;
  onEdit: (row: DomainConnection) => void;
  onDelete: (row: DomainConnection) => void;
}

/** Activate when configured but inactive; Edit and Delete a mapping, or Configure a connection. */
function Actions({ row: r, onActivate, onEdit, onDelete }: { row: DomainConnection } & RowActions) {
  const translate = useTranslate();
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      {r.status === 'inactive' && (
        <Button size="small" startIcon={<PowerSettingsNewIcon />} onClick={() => onActivate(r)}>
          {translate(`${T}.activate`)}
        </Button>
      )}
      {r.has_domain_config ? (
        <>
          <Tooltip title={translate(`${T}.edit`)}>
            <IconButton aria-label={`${translate(`${T}.edit`)} ${r.facility_name}`} onClick={() => onEdit(r)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={translate(`${T}.delete`)}>
            <IconButton
              aria-label={`${translate(`${T}.delete`)} ${r.facility_name}`}
              color="error"
              onClick={() => onDelete(r)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ) : (
        <Button size="small" variant="outlined" onClick={() => onEdit(r)}>
          {translate(`${T}.configure`)}
        </Button>
      )}
    </TableCell>
  );
}

function ConnectionRow({ row: r, ...actions }: { row: DomainConnection } & RowActions) {
  const translate = useTranslate();
  return (
    <TableRow hover>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {r.facility_name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {r.gateway_path ?? r.facility_code ?? '-'}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 200, maxWidth: 300 }}>
        <Typography variant="body2">{r.code}</Typography>
        <UrlLines prod={r.production_base_url} sandbox={r.sandbox_base_url} />
      </TableCell>
      <TableCell sx={{ minWidth: 200, maxWidth: 300 }}>
        {r.has_domain_config ? (
          <UrlLines prod={r.target_production_url} sandbox={r.target_sandbox_url} />
        ) : (
          '-'
        )}
      </TableCell>
      <TableCell>
        <Chip size="small" color={STATUS_COLOR[r.status]} label={translate(`${T}.status.${r.status}`)} />
      </TableCell>
      <Actions row={r} {...actions} />
    </TableRow>
  );
}

/** The connections with their gateway path, source URLs, targets, status and actions. */
export function ConnectionsTable({
  rows,
  loading,
  ...actions
}: { rows: DomainConnection[]; loading: boolean } & RowActions) {
  const translate = useTranslate();
  const message = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={5} align="center">
        {content}
      </TableCell>
    </TableRow>
  );
  return (
    <TableContainer>
      <Table size="small" aria-label={translate(`${T}.title`)} sx={{ minWidth: 820 }}>
        <TableHead>
          <TableRow>
            {['facility', 'connection', 'targets', 'status', 'actions'].map((c) => (
              <TableCell key={c}>{translate(`${T}.columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && message(<CircularProgress size={24} aria-label={translate('ra.page.loading')} />)}
          {!loading && rows.length === 0 && message(translate(`${T}.empty`))}
          {rows.map((r) => (
            <ConnectionRow key={r.connection_id} row={r} {...actions} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
