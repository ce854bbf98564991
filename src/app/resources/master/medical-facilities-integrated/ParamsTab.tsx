import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { facilityParams } from '../../../../resources/facility-params';
import { ImportButton } from '../../generic/import/ImportButton';
import { call, fieldErrorsOf, FACILITIES, type FacilityParam } from './api';
import { ConfirmDelete, FormDialog, failure, useDialogFields } from './dialogs';

const R = 'resources.master/medical-facilities';
const P = `${R}.integrated.params`;
const FIELDS = ['type', 'value', 'description', 'flagpoly'] as const;

function ParamDialog({
  facilityId,
  param,
  onClose,
  onSaved,
}: {
  facilityId: number;
  param: FacilityParam | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { values, set, errors, setErrors } = useDialogFields({
    type: param?.type ?? '',
    value: param?.value ?? '',
    description: param?.description ?? '',
    flagpoly: param?.flagpoly ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const missing: Record<string, string> = {};
    for (const k of ['type', 'value', 'description'] as const)
      if (!values[k].trim()) missing[k] = translate('ra.validation.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setError(null);
    try {
      const base = `${FACILITIES}/${facilityId}/params`;
      if (param) await call(`${base}/${param.id}`, 'PUT', values);
      else await call(base, 'POST', values);
      notify(`${R}.integrated.saved`, { type: 'success' });
      onSaved();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(failure(translate(`${R}.errors.save_param`), err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={translate(`${P}.${param ? 'edit_title' : 'add_title'}`)}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      {FIELDS.map((k, i) => (
        <TextField
          key={k}
          label={translate(`${P}.fields.${k}`)}
          value={values[k]}
          onChange={(e) => set(k, e.target.value)}
          required={k !== 'flagpoly'}
          autoFocus={i === 0}
          multiline={k === 'description'}
          error={!!errors[k]}
          helperText={errors[k]}
          fullWidth
        />
      ))}
    </FormDialog>
  );
}

/** The Parameters tab: the facility's parameters, add / edit / delete (spec §2, §5). */
export function ParamsTab({ facilityId }: { facilityId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['facility-integration', facilityId, 'params'];
  const { data, error, isPending } = useQuery({
    queryKey: key,
    queryFn: () => call<FacilityParam[]>(`${FACILITIES}/${facilityId}/params`),
  });
  const [editing, setEditing] = useState<FacilityParam | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FacilityParam | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: key });

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, mb: 1 }}>
        <ImportButton decl={facilityParams} apiName={`master/medical-facilities/${facilityId}/params`} />
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing('new')}>
          {translate(`${P}.add`)}
        </Button>
      </Box>
      {error && <Alert severity="error">{failure(translate(`${R}.errors.fetch`), error)}</Alert>}
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      ) : data && data.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {translate(`${P}.empty`)}
        </Typography>
      ) : (
        data && (
          <TableContainer>
            <Table size="small" aria-label={translate(`${R}.integrated.tabs.params`)}>
              <TableHead>
                <TableRow>
                  {FIELDS.map((k) => (
                    <TableCell key={k}>{translate(`${P}.fields.${k}`)}</TableCell>
                  ))}
                  <TableCell align="right">{translate(`${R}.integrated.actions`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((p) => (
                  <TableRow key={p.id} hover>
                    <TableCell>{p.type}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{p.value}</TableCell>
                    <TableCell>{p.description}</TableCell>
                    <TableCell>{p.flagpoly ?? '-'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={translate('ra.action.edit')} disableInteractive>
                        <IconButton
                          aria-label={`${translate('ra.action.edit')} ${p.type} ${p.value}`}
                          onClick={() => setEditing(p)}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={translate('ra.action.delete')} disableInteractive>
                        <IconButton
                          aria-label={`${translate('ra.action.delete')} ${p.type} ${p.value}`}
                          color="error"
                          onClick={() => setDeleting(p)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      )}
      {editing && (
        <ParamDialog
          facilityId={facilityId}
          param={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDelete
        open={!!deleting}
        text={translate(`${R}.integrated.delete_param`, {
          name: deleting ? `${deleting.type} ${deleting.value}` : '',
        })}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await call(`${FACILITIES}/${facilityId}/params/${deleting!.id}`, 'DELETE');
            notify(`${R}.integrated.deleted`, { type: 'success' });
            reload();
          } catch (err) {
            notify(failure(translate(`${R}.errors.delete`), err), { type: 'error' });
          }
          setDeleting(null);
        }}
      />
    </Box>
  );
}
