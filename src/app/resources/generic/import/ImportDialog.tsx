import { useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ResourceDeclaration } from '../../../../domain/resource';
import { FilePicker } from './FilePicker';
import { ColumnMappingFields } from './ColumnMappingFields';
import { JobProgress } from './JobProgress';
import { ProblemsTable } from './ProblemsTable';
import { fieldOptions } from './fieldChoices';
import { isXlsx } from './headers';
import { cancelImport, downloadRejected, isActive, type ImportJob, type OnError } from './importApi';
import { useImportForm } from './useImportForm';
import { UndoImport } from './UndoImport';
import type { useImportJob } from './useImportJob';

export interface ImportDialogProps {
  decl: ResourceDeclaration;
  /** The API path the file goes to (`/api/<apiName>/import`); the declaration's name by default. */
  apiName?: string;
  open: boolean;
  onClose: () => void;
  jobState: ReturnType<typeof useImportJob>;
}

/**
 * Import of a CSV or XLSX file into a list: pick the file, see each column with the field it
 * fills (adjustable), choose to skip or stop on bad rows, check it (nothing written: the counts
 * and the problems row by row), then import it with a progress bar, cancel it, download the
 * rejected rows. Closing leaves a running job running; opening again shows it.
 */
export function ImportDialog({ decl, apiName = decl.name, open, onClose, jobState }: ImportDialogProps) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { job, error: progressError, follow } = jobState;
  const options = useMemo(() => fieldOptions(decl, translate), [decl, translate]);
  const form = useImportForm({ apiName, choices: options, job, follow });
  const active = isActive(job);
  const finished = !!job && !active;
  const name = translate(`resources.${decl.name}.name`, { smart_count: 2, _: decl.name });
  const waitingForXlsxColumns = !!form.file && isXlsx(form.file) && !form.mapping;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="import-title"
    >
      <DialogTitle id="import-title">{translate('app.import.title', { name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <FilePicker file={form.file} disabled={form.busy} onPick={form.pick} onRefuse={form.refuse} />
          <SecretsHint decl={decl} />
          {form.problem && (
            <Alert severity="error" role="alert" onClose={() => form.setProblem(null)}>
              {translate(`app.import.${form.problem.key}`, form.problem)}
            </Alert>
          )}
          {(form.reading || jobState.loading) && (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={18} />
              <Typography variant="body2">
                {translate(form.reading ? 'app.import.reading' : 'ra.page.loading')}
              </Typography>
            </Box>
          )}
          {waitingForXlsxColumns && active && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.import.xlsx_columns')}
            </Typography>
          )}
          {form.mapping && (
            <ColumnMappingFields
              mapping={form.mapping}
              options={options}
              disabled={form.busy}
              onChange={form.setMapping}
            />
          )}
          {form.mapping && (
            <Box>
              <FormLabel id="import-on-error">{translate('app.import.on_error')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="import-on-error"
                value={form.onError}
                onChange={(e) => form.setOnError(e.target.value as OnError)}
              >
                <FormControlLabel
                  value="skip"
                  control={<Radio />}
                  label={translate('app.import.skip')}
                  disabled={form.busy}
                />
                <FormControlLabel
                  value="stop"
                  control={<Radio />}
                  label={translate('app.import.stop')}
                  disabled={form.busy}
                />
              </RadioGroup>
            </Box>
          )}
          {progressError && (
            <Alert severity="warning">
              {translate('app.import.progress_failed', { message: progressError.message })}
            </Alert>
          )}
          {job && <JobProgress job={job} />}
          {job && finished && <ProblemsTable key={job.id} job={job} />}
          {job?.status === 'done' && job.dry_run && !job.rows_rejected && (
            <Typography color="success.main">{translate('app.import.no_problems')}</Typography>
          )}
        </Stack>
      </DialogContent>
      <ImportActions job={job} form={form} onClose={onClose} onUndone={jobState.reload} />
    </Dialog>
  );
}

/**
 * The dialog's buttons: close, cancel a running job, download a finished import's rejected
 * rows, undo a finished import, check the file, import it.
 */
function ImportActions({
  job,
  form,
  onClose,
  onUndone,
}: {
  job: ImportJob | undefined;
  form: ReturnType<typeof useImportForm>;
  onClose: () => void;
  onUndone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [acting, setActing] = useState<'cancel' | 'download' | null>(null);
  const active = isActive(job);
  const act = async (which: 'cancel' | 'download', run: () => Promise<void>) => {
    setActing(which);
    try {
      await run();
    } catch (err) {
      notify('app.import.action_failed', { type: 'error', messageArgs: { message: (err as Error).message } });
    } finally {
      setActing(null);
    }
  };
  return (
    <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
      <Button onClick={onClose}>{translate('app.import.close')}</Button>
      {active && (
        <Button
          color="error"
          disabled={acting === 'cancel'}
          onClick={() => act('cancel', () => cancelImport(job!.id))}
        >
          {translate(acting === 'cancel' ? 'app.import.cancelling' : 'app.import.cancel')}
        </Button>
      )}
      {job && !active && job.rows_rejected > 0 && (
        <Button
          disabled={acting === 'download'}
          startIcon={acting === 'download' ? <CircularProgress size={16} /> : undefined}
          onClick={() => act('download', () => downloadRejected(job))}
        >
          {translate('app.import.download_rejected')}
        </Button>
      )}
      {job && !active && job.undoable && <UndoImport job={job} onUndone={onUndone} />}
      <Button variant="outlined" disabled={!form.ready} onClick={form.check}>
        {translate('app.import.check')}
      </Button>
      <Button
        variant="contained"
        disabled={!form.ready}
        onClick={form.start}
        startIcon={form.starting ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate('app.import.start')}
      </Button>
    </DialogActions>
  );
}

/**
 * Where an import may leave a required secret (a password) out: rows that name a stored record
 * by its natural key keep that record's own, so an export, which holds none, imports back.
 */
function SecretsHint({ decl }: { decl: ResourceDeclaration }) {
  const translate = useTranslate();
  const required = decl.schema.required ?? [];
  const secrets = required.filter(
    (f) => decl.schema.properties?.[f]?.writeOnly || decl.hashed?.includes(f) || f in (decl.encrypted ?? {}),
  );
  if (!decl.naturalKey?.length || !secrets.length) return null;
  const label = (f: string) => translate(`resources.${decl.name}.fields.${f}`, { _: f });
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('app.import.secrets_hint', {
        secrets: secrets.map(label).join(', '),
        key: decl.naturalKey.map(label).join(' + '),
      })}
    </Typography>
  );
}
