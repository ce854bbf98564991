import { useState } from 'react';
import { useGetIdentity, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  MenuItem,
  TextField,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { simulatorPoli } from './index';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import { API_URL, httpClient } from '../../app/providers/http';

const R = 'resources.admin/simulator/poli.copy';

interface MasterPoli {
  poly_code: string;
  poly_name: string;
}

/** Copy-from-master: master poli with checkboxes, into the chosen facility's sandbox. */
function CopyDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { identity } = useGetIdentity();
  const own = identity?.role === 'medical_facility' ? (identity.medical_facility_id as number) : null;
  const [facility, setFacility] = useState<string>('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const master = useQuery({
    queryKey: ['master-poli-for-copy'],
    queryFn: async () => (await httpClient(`${API_URL}/master/poli?limit=100`)).json.data as MasterPoli[],
  });
  const facilities = useQuery({
    queryKey: ['sandbox-facilities-for-copy'],
    enabled: own === null,
    queryFn: async () =>
      (await httpClient(`${API_URL}/admin/simulator/facilities?limit=100`)).json.data as {
        medical_facility_id: number;
        name: string;
      }[],
  });
  const all = master.data ?? [];
  const toggle = (code: string, on: boolean) =>
    setChosen((c) => (on ? [...c, code] : c.filter((x) => x !== code)));
  const submit = async () => {
    if (!chosen.length) return setError(translate(`${R}.none`));
    setBusy(true);
    setError(null);
    try {
      const { json } = await httpClient(`${API_URL}/admin/simulator/poli/copy-from-master`, {
        method: 'POST',
        body: JSON.stringify({
          poly_codes: chosen,
          ...(own === null && facility ? { medical_facility_id: Number(facility) } : {}),
        }),
      });
      notify(translate(`${R}.done`, { count: json.copied }), { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      setError((e as Error).message || translate(`${R}.failed`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="copy-poli-title">
      <DialogTitle id="copy-poli-title">{translate(`${R}.title`)}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {master.isError && <Alert severity="error">{translate(`${R}.loading_failed`)}</Alert>}
        {own === null && (
          <TextField
            select
            fullWidth
            label={translate(`${R}.facility`)}
            value={facility}
            onChange={(e) => setFacility(e.target.value)}
            sx={{ mt: 1, mb: 1 }}
          >
            {(facilities.data ?? []).map((f) => (
              <MenuItem key={f.medical_facility_id} value={String(f.medical_facility_id)}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {master.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        ) : (
          <FormGroup>
            <FormControlLabel
              control={
                <Checkbox
                  checked={all.length > 0 && chosen.length === all.length}
                  onChange={(e) => setChosen(e.target.checked ? all.map((p) => p.poly_code) : [])}
                />
              }
              label={translate(`${R}.all`)}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pl: 2 }}>
              {all.map((p) => (
                <FormControlLabel
                  key={p.poly_code}
                  control={
                    <Checkbox
                      checked={chosen.includes(p.poly_code)}
                      onChange={(e) => toggle(p.poly_code, e.target.checked)}
                    />
                  }
                  label={`${p.poly_code} — ${p.poly_name}`}
                />
              ))}
            </Box>
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${R}.cancel`)}</Button>
        <Button variant="contained" onClick={submit} disabled={busy} aria-busy={busy}>
          {translate(`${R}.submit`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The toolbar's 'copy from master' and its dialog. */
function CopyFromMaster() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<ContentCopyIcon />} onClick={() => setOpen(true)}>
        {translate(`${R}.button`)}
      </Button>
      {open && <CopyDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** /simulator/poli: the generated screen (poly_code fixed once created) with 'copy from master'. */
export default function PoliScreen() {
  return <ResourceScreen decl={simulatorPoli} actions={<CopyFromMaster />} />;
}
