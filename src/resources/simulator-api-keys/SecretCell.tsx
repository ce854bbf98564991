import { useTranslate } from 'react-admin';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { ApiKeySecrets } from './useApiKeySecrets';
import { R, type SecretField } from './textKeys';

/** First 4 and last 4 characters, the middle as dots; shown whole when 8 or fewer (spec §9). */
export const mask = (v: string | null | undefined) =>
  !v ? '-' : v.length <= 8 ? v : `${v.slice(0, 4)}••••${v.slice(-4)}`;

/** A key or token masked, or whole once revealed, with its reveal/hide and copy buttons. */
export function SecretCell({
  record,
  field,
  secrets,
}: {
  record: any;
  field: SecretField;
  secrets: ApiKeySecrets;
}) {
  const translate = useTranslate();
  const shown = secrets.revealed[record.id]?.[field];
  const label = translate(`${R}.fields.${field}`);
  const toggleText = translate(`${R}.actions.${shown ? 'hide' : 'reveal'}`);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {shown ?? mask(record[field])}
      </Typography>
      {record[field] && (
        <>
          <Tooltip title={toggleText}>
            <IconButton
              size="small"
              aria-label={`${toggleText} ${label} ${record.username ?? ''}`}
              onClick={(e) => {
                e.stopPropagation();
                secrets.toggle(record.id, !!shown);
              }}
            >
              {shown ? <VisibilityOffIcon fontSize="inherit" /> : <VisibilityIcon fontSize="inherit" />}
            </IconButton>
          </Tooltip>
          <Tooltip title={translate(`${R}.actions.copy`)}>
            <IconButton
              size="small"
              aria-label={`${translate(`${R}.actions.copy`)} ${label} ${record.username ?? ''}`}
              onClick={(e) => {
                e.stopPropagation();
                void secrets.copy(record.id, field);
              }}
            >
              <ContentCopyIcon fontSize="inherit" />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Box>
  );
}
