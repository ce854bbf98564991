import { useState } from 'react';
import { Button } from 'react-admin';
import { CircularProgress } from '@mui/material';
import UploadIcon from '@mui/icons-material/Publish';
import type { ResourceDeclaration } from '../../../../domain/resource';
import { ImportDialog } from './ImportDialog';
import { isActive } from './importApi';
import { useImportJob } from './useImportJob';

/**
 * 'Impor' beside 'Ekspor': opens the import dialog. While a job of this list runs (even with
 * the dialog closed, or after a reload) the button shows it turning; when it ends the list
 * is read again.
 */
export function ImportButton({ decl }: { decl: ResourceDeclaration }) {
  const [open, setOpen] = useState(false);
  const jobState = useImportJob(decl.name);
  const running = isActive(jobState.job);
  return (
    <>
      <Button
        label={running ? 'app.import.running_button' : 'app.import.button'}
        onClick={() => setOpen(true)}
      >
        {running ? <CircularProgress size={16} /> : <UploadIcon />}
      </Button>
      <ImportDialog decl={decl} open={open} onClose={() => setOpen(false)} jobState={jobState} />
    </>
  );
}
