import { useTranslate } from 'react-admin';
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import type { ColumnMapping } from './headers';
import type { FieldOption } from './fieldChoices';

/**
 * Each column of the file with the field it fills, as a select labelled by the column's
 * header: first matched by name, changed by the user, or ignored. A field already filled by
 * another column is not offered twice.
 */
export function ColumnMappingFields({
  mapping,
  options,
  disabled,
  onChange,
}: {
  mapping: ColumnMapping;
  options: FieldOption[];
  disabled: boolean;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const translate = useTranslate();
  const columns = Object.keys(mapping);
  const mapped = columns.filter((c) => mapping[c]).length;
  return (
    <Box component="section" aria-labelledby="import-columns-title">
      <Typography id="import-columns-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.import.columns_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('app.import.columns_hint', { mapped, total: columns.length })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1.5,
        }}
      >
        {columns.map((column) => {
          const usedElsewhere = new Set(columns.filter((c) => c !== column).map((c) => mapping[c]));
          return (
            <TextField
              key={column}
              select
              size="small"
              label={column}
              value={mapping[column]}
              disabled={disabled}
              onChange={(e) => onChange({ ...mapping, [column]: e.target.value })}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">
                <em>{translate('app.import.ignore')}</em>
              </MenuItem>
              {options
                .filter((o) => o.field === mapping[column] || !usedElsewhere.has(o.field))
                .map((o) => (
                  <MenuItem key={o.field} value={o.field}>
                    {o.label}
                  </MenuItem>
                ))}
            </TextField>
          );
        })}
      </Box>
    </Box>
  );
}
