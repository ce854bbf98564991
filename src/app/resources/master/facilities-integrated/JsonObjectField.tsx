import { useId, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import { Box, FormControlLabel, FormHelperText, Switch, TextField, Typography } from '@mui/material';
import { INVALID_JSON, JSON_NOT_OBJECT } from '../../../../domain/facility-integration';
import { JSON_FORMS, type JsonFieldName } from './validators';

const R = 'resources.master/medical-facilities.integrated';

export interface JsonFieldState {
  value: Record<string, unknown> | null;
  /** Why the field cannot be sent as it is (shown under it; the dialog does not save). */
  error?: string;
}

type Initial = Record<string, unknown> | string | null | undefined;

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** The first state of a field: stored text that never parsed (an old gateway config) opens as raw JSON. */
export function initialJsonState(initial: Initial): JsonFieldState {
  if (typeof initial === 'string') {
    const parsed = parseText(initial);
    return parsed;
  }
  return { value: isObject(initial) ? initial : null };
}

function parseText(text: string): JsonFieldState {
  if (!text.trim()) return { value: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { value: null, error: INVALID_JSON };
  }
  if (parsed === null) return { value: null };
  if (!isObject(parsed)) return { value: null, error: JSON_NOT_OBJECT };
  return { value: parsed };
}

/**
 * A JSON object field of a connection (properties, resources, gateway config): a form generated
 * from its JSON Schema (rjsf, validated by the precompiled validator), or, with the switch, the
 * JSON text itself. Text that is not JSON is a field error, never a failed save.
 */
export function JsonObjectField({
  name,
  label,
  initial,
  serverError,
  onChange,
}: {
  name: JsonFieldName;
  label: string;
  initial: Initial;
  serverError?: string;
  onChange: (state: JsonFieldState) => void;
}) {
  const translate = useTranslate();
  const id = useId();
  const { schema, validator } = JSON_FORMS[name];
  const [raw, setRaw] = useState(typeof initial === 'string');
  const [state, setState] = useState<JsonFieldState>(() => initialJsonState(initial));
  const [text, setText] = useState(() =>
    typeof initial === 'string' ? initial : isObject(initial) ? JSON.stringify(initial, null, 2) : '',
  );
  // Two fields a row on a wide dialog, one on a phone; no title of its own (the fieldset has it).
  const uiSchema = useMemo(
    () => ({
      'ui:submitButtonOptions': { norender: true },
      'ui:title': '',
      'ui:description': '',
      'ui:options': {
        mui: {
          rjsfSlotProps: {
            objectGridContainer: { spacing: 2, sx: { mt: 0 } },
            objectGridItem: { size: { xs: 12, sm: 6 }, sx: { mb: 0 } },
          },
        },
      },
    }),
    [],
  );

  const report = (next: JsonFieldState) => {
    setState(next);
    onChange(next);
  };
  const messageOf = (e?: string) =>
    e === INVALID_JSON
      ? translate(`${R}.json.invalid`)
      : e === JSON_NOT_OBJECT
        ? translate(`${R}.json.not_object`)
        : e;

  const checkObject = (value: Record<string, unknown> | null): JsonFieldState => {
    if (value === null) return { value };
    const { errors } = validator.validateFormData(value, schema);
    return errors.length ? { value, error: translate(`${R}.json.check_form`, { name: label }) } : { value };
  };

  const onText = (next: string) => {
    setText(next);
    const parsed = parseText(next);
    report(parsed.error ? parsed : checkObject(parsed.value));
  };
  const onForm = (e: IChangeEvent) => {
    const value = isObject(e.formData) && Object.keys(e.formData).length ? e.formData : null;
    report(checkObject(value));
  };
  const toggle = (toRaw: boolean) => {
    if (toRaw) {
      setText(state.value ? JSON.stringify(state.value, null, 2) : '');
      setRaw(true);
      return;
    }
    // Back to the form only from text that reads as an object.
    const parsed = parseText(text);
    if (parsed.error) return report(parsed);
    report(checkObject(parsed.value));
    setRaw(false);
  };

  const error = serverError ?? messageOf(state.error);
  return (
    <Box
      component="fieldset"
      aria-labelledby={`${id}-label`}
      sx={{
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        px: 2,
        pb: 1,
        pt: 0.5,
        m: 0,
      }}
      data-json-field={name}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`${id}-label`} variant="subtitle2" component="legend" sx={{ float: 'left' }}>
          {label}
        </Typography>
        <FormControlLabel
          control={<Switch size="small" checked={raw} onChange={(e) => toggle(e.target.checked)} />}
          label={translate(`${R}.json.raw`)}
        />
      </Box>
      {raw ? (
        <TextField
          value={text}
          onChange={(e) => onText(e.target.value)}
          multiline
          minRows={4}
          fullWidth
          placeholder="{ }"
          error={!!error}
          slotProps={{
            htmlInput: {
              'aria-label': `${label} (JSON)`,
              spellCheck: false,
              style: { fontFamily: 'monospace' },
            },
          }}
        />
      ) : (
        <Box sx={{ '& .MuiGrid-root': { mt: 0 }, '& .rjsf > .MuiBox-root': { display: 'none' } }}>
          <Form
            schema={schema}
            validator={validator}
            formData={state.value ?? undefined}
            onChange={onForm}
            uiSchema={uiSchema}
            liveValidate
            showErrorList={false}
            omitExtraData={false}
            idPrefix={`${id}-${name}`}
            tagName="div"
          />
        </Box>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
