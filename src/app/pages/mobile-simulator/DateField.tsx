/**
 * A date typed and shown as dd/MM/yyyy whatever the browser's language (spec part 2 §9), with a
 * calendar button opening the browser's date picker. The value is 'YYYY-MM-DD' ('' while the
 * text is not a date); 'YYYY-MM-DD' typed or pasted is understood too.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import { formatDate } from '../../../domain/format';
import { parseDay } from './wizard';

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (isoDay: string) => void;
  name: string;
  testId: string;
  min?: string;
  max?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

export function DateField(props: DateFieldProps) {
  const translate = useTranslate();
  const { value, onChange } = props;
  const [text, setText] = useState(() => formatDate(value));
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (the picker, a reset) replaces the text.
  useEffect(() => {
    setText((t) => ((parseDay(t) ?? '') === value ? t : formatDate(value)));
  }, [value]);
  const invalid = text.trim() !== '' && !parseDay(text);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };
  return (
    <TextField
      size="small"
      fullWidth
      required={props.required}
      label={props.label}
      value={text}
      placeholder="dd/mm/yyyy"
      onChange={(ev) => {
        setText(ev.target.value);
        onChange(parseDay(ev.target.value) ?? '');
      }}
      onBlur={() => {
        const iso = parseDay(text);
        if (iso) setText(formatDate(iso));
      }}
      error={props.error || invalid}
      helperText={invalid ? translate('app.mobile_simulator.errors.date_invalid') : props.helperText}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { name: props.name, inputMode: 'numeric', 'data-testid': props.testId },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                size="small"
                edge="end"
                aria-label={translate('app.mobile_simulator.pick_date', { field: props.label })}
                onClick={openPicker}
              >
                <CalendarMonth fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={value}
                min={props.min}
                max={props.max}
                onChange={(ev) => ev.target.value && onChange(ev.target.value)}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
