import { useDropzone } from 'react-dropzone';
import { useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { formatNumber } from '../../../components/figures';
import { XLSX_TYPE } from './importApi';

const ACCEPT = { 'text/csv': ['.csv'], [XLSX_TYPE]: ['.xlsx'] };

/** '1,2 MB', '830 kB', '512 B' in the language on screen. */
function fileSize(bytes: number) {
  const [value, unit] =
    bytes >= 1e6 ? [bytes / 1e6, 'MB'] : bytes >= 1e3 ? [bytes / 1e3, 'kB'] : [bytes, 'B'];
  return `${formatNumber(Math.round(value * 10) / 10)} ${unit}`;
}

/**
 * The file to import: dropped on the zone or chosen with its button (a CSV or an XLSX). Once
 * chosen, its name and size with a button to change it; nothing can be changed while a job of
 * this dialog runs.
 */
export function FilePicker({
  file,
  disabled,
  onPick,
  onRefuse,
}: {
  file: File | null;
  disabled: boolean;
  onPick: (file: File) => void;
  onRefuse: () => void;
}) {
  const translate = useTranslate();
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: ACCEPT,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled,
    onDropAccepted: (files) => files[0] && onPick(files[0]),
    onDropRejected: onRefuse,
  });
  return (
    <Box
      {...getRootProps()}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        bgcolor: isDragActive ? 'action.hover' : undefined,
        borderRadius: 2,
        p: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
      data-testid="import-drop-zone"
    >
      <input {...getInputProps()} aria-label={translate('app.import.choose')} />
      {file ? (
        <InsertDriveFileIcon color="primary" />
      ) : (
        <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
      )}
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        {file ? (
          <>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {fileSize(file.size)}
            </Typography>
          </>
        ) : (
          <>
            <Typography sx={{ fontWeight: 600 }}>
              {translate(isDragActive ? 'app.import.dropping' : 'app.import.drop')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.import.file_hint')}
            </Typography>
          </>
        )}
      </Box>
      <Button variant="outlined" onClick={open} disabled={disabled}>
        {translate(file ? 'app.import.change' : 'app.import.choose')}
      </Button>
    </Box>
  );
}
