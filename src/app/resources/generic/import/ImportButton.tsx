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
 * is read again. `apiName`: where the rows go when not the declaration's own path (a child
 * resource's, below its parent record: 'master/medical-facilities/7/params').
 */
export function ImportButton({ decl, apiName = decl.name }: { decl: ResourceDeclaration; apiName?: string }) {
  const [open, setOpen] = useState(false);
  const jobState = useImportJob(apiName);
  const running = isActive(jobState.job);
  return (
    <>
      <Button
        label={running ? 'app.import.running_button' : 'app.import.button'}
        onClick={() => setOpen(true)}
      >
        {running ? <CircularProgress size={16} /> : <UploadIcon />}
      </Button>
      <ImportDialog
        decl={decl}
        apiName={apiName}
        open={open}
        onClose={() => setOpen(false)}
        jobState={jobState}
      />
    </>
  );
}
