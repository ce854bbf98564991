import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useLogT, type FilterField, type Filters } from './model';

/** How long typed filters (an id, a URL) wait for the next key before the list asks again. */
export const TYPING_DEBOUNCE_MS = 400;

/** The range's end lies before its start ('YYYY-MM-DD' compare as text). */
const backwards = (value: Filters, range?: [string, string]) =>
  !!range && !!value[range[0]] && !!value[range[1]] && value[range[1]] < value[range[0]];

/**
 * The filters of a log list. Choices and dates apply at once, typed fields once the user pauses
 * (TYPING_DEBOUNCE_MS), so a user id is not one request per keystroke. A date range whose end
 * lies before its start is not sent: the end field says why.
 */
export function FilterBar({
  fields,
  value,
  onChange,
  actions,
  range,
}: {
  fields: FilterField[];
  value: Filters;
  onChange: (next: Filters) => void;
  actions?: ReactNode;
  /** The names of the range's start and end dates. */
  range?: [string, string];
}) {
  const t = useLogT();
  const [draft, setDraft] = useState<Filters>(value);
  const sent = useRef(value);
  useEffect(() => {
    // A change from outside (reset, another tab) replaces what is typed.
    if (value !== sent.current) setDraft(value);
    sent.current = value;
  }, [value]);
  // The latest props, read when the timer fires (a parent's new function or field list does not restart it).
  const latest = useRef({ onChange, fields, range });
  latest.current = { onChange, fields, range };
  useEffect(() => {
    const { fields, range } = latest.current;
    if (backwards(draft, range) || draft === sent.current) return;
    const typed = fields.some(
      (f) => (f.type ?? 'text') !== 'date' && !f.choices && draft[f.name] !== sent.current[f.name],
    );
    const timer = setTimeout(
      () => {
        sent.current = draft;
        latest.current.onChange(draft);
      },
      typed ? TYPING_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [draft]);
  const rangeError = backwards(draft, range);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      {fields.map((f) => {
        const invalid = rangeError && f.name === range?.[1];
        return (
          <TextField
            key={f.name}
            id={`filter-${f.name}`}
            size="small"
            label={f.label}
            select={!!f.choices}
            type={f.type === 'date' ? 'date' : f.type === 'number' ? 'number' : 'text'}
            slotProps={{ inputLabel: f.type === 'date' ? { shrink: true } : undefined }}
            value={draft[f.name] ?? ''}
            onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value })}
            error={invalid}
            helperText={invalid ? t('filters.range_backwards') : undefined}
            sx={{ minWidth: 150, flex: '1 1 150px', maxWidth: 260 }}
          >
            {f.choices && [
              <MenuItem key="" value="">
                {t('filters.all')}
              </MenuItem>,
              ...f.choices.map((c) => (
                <MenuItem key={c.value} value={c.value}>
                  {c.label}
                </MenuItem>
              )),
            ]}
          </TextField>
        );
      })}
      <Button size="small" onClick={() => setDraft({})} disabled={!Object.values(draft).some(Boolean)}>
        {t('filters.reset')}
      </Button>
      {actions}
    </Box>
  );
}
