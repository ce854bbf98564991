import { useTranslate } from 'react-admin';
import { Autocomplete, Box, MenuItem, TextField, createFilterOptions } from '@mui/material';
import { DATE_RANGES } from '../../../domain/performance';
import type { FilterOptions, PerformanceFilters } from './types';

/** A city has thousands of doctors: the list shows the first 100 matches of what is typed. */
const firstMatches = createFilterOptions<FilterOptions['doctors'][number]>({ limit: 100 });

/** Date range, facility, doctor (of the chosen facility) and appointment type. */
export function Filters({
  value,
  options,
  onChange,
}: {
  value: PerformanceFilters;
  options: FilterOptions | undefined;
  onChange: (next: PerformanceFilters) => void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.performance.filters.${key}`);
  const doctors = (options?.doctors ?? []).filter(
    (d) => value.facility === '' || d.facilityId === value.facility,
  );
  const facilityOf = new Map(options?.facilities.map((f) => [f.id, f.name]));
  const field = { size: 'small' as const, select: true, sx: { minWidth: 180, flex: '1 1 180px' } };
  return (
    <Box
      data-testid="performance-filters"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        mb: 2,
        // The focused label on the filled field's grey: the darker teal reads (4.5:1), the main one not.
        '& .MuiInputLabel-root.Mui-focused': { color: 'primary.dark' },
      }}
    >
      <TextField
        {...field}
        id="performance-range"
        label={t('date_range')}
        value={value.days}
        onChange={(e) => onChange({ ...value, days: Number(e.target.value) })}
      >
        {DATE_RANGES.map((d) => (
          <MenuItem key={d} value={d}>
            {translate(`app.performance.ranges.${d}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        id="performance-facility"
        label={t('facility')}
        value={value.facility}
        onChange={(e) =>
          onChange({ ...value, facility: e.target.value === '' ? '' : Number(e.target.value), doctor: '' })
        }
      >
        <MenuItem value="">{t('all_facilities')}</MenuItem>
        {options?.facilities.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        id="performance-doctor"
        size="small"
        sx={{ minWidth: 220, flex: '1 1 220px' }}
        options={doctors}
        noOptionsText={translate('app.common.no_options')}
        openText={translate('ra.action.open')}
        closeText={translate('ra.action.close')}
        clearText={translate('ra.action.clear_input_value')}
        filterOptions={firstMatches}
        value={doctors.find((d) => d.id === value.doctor) ?? null}
        onChange={(_, d) => onChange({ ...value, doctor: d ? d.id : '' })}
        getOptionLabel={(d) =>
          value.facility === ''
            ? `${d.name} (${d.facilityName ?? facilityOf.get(d.facilityId) ?? ''})`
            : d.name
        }
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label={t('doctor')} placeholder={t('all_doctors')} />}
      />
      <TextField
        {...field}
        id="performance-type"
        label={t('appointment_type')}
        value={value.type}
        onChange={(e) => onChange({ ...value, type: e.target.value })}
      >
        <MenuItem value="">{t('all_types')}</MenuItem>
        {options?.appointmentTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
