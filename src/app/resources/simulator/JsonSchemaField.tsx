import { useId, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import Form from '@rjsf/mui';
import type { FormProps, IChangeEvent } from '@rjsf/core';
import { Box, FormControlLabel, FormHelperText, Switch, TextField, Typography } from '@mui/material';
import { SANDBOX_FORMS, type SandboxJsonField } from './validators';

const T = 'app.simulator.json';

export type JsonValue = Record<string, unknown> | unknown[] | null;
export interface JsonState {
  value: JsonValue;
  /** Why the field cannot be saved as it is (shown under it; the dialog does not save). */
  error?: string;
}

const isEmpty = (v: unknown) =>
  v == null ||
  (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && !Object.keys(v as object).length);

/** What a field's generated form may set beside its schema: templates, widgets, texts, errors. */
export type JsonFormOptions = Pick<
  FormProps,
  | 'uiSchema'
  | 'templates'
  | 'widgets'
  | 'formContext'
  | 'translateString'
  | 'extraErrors'
  | 'liveValidate'
  | 'experimental_defaultFormStateBehavior'
>;

/**
 * A sandbox JSON field (a facility's operational hours or services, a doctor's work schedule,
 * a journey configuration's steps): a form generated from its JSON Schema by rjsf with the
 * precompiled validator, or, with the switch, the JSON text itself. Text that is not JSON of
 * the schema's kind is a field error. `form` customizes the generated form; `normalize` may
 * complete what the form changed (`changed` is the id of the input that changed).
 */
export function JsonSchemaField({
  name,
  label,
  initial,
  onChange,
  form,
  normalize,
  error,
}: {
  name: SandboxJsonField;
  label: string;
  initial: JsonValue;
  onChange: (state: JsonState) => void;
  form?: JsonFormOptions;
  normalize?: (next: JsonValue, previous: JsonValue, changed?: string) => JsonValue;
  /** A message of the surrounding form for the whole field (shown under it). */
  error?: string;
}) {
  const translate = useTranslate();
  const id = useId();
  const { schema, validator } = SANDBOX_FORMS[name];
  const kind = schema.type === 'array' ? 'array' : 'object';
  const [raw, setRaw] = useState(false);
  const [state, setState] = useState<JsonState>({ value: initial });
  const [text, setText] = useState(() => (initial == null ? '' : JSON.stringify(initial, null, 2)));
  const {
    uiSchema: extraUi,
    liveValidate = true,
    experimental_defaultFormStateBehavior: defaultsBehavior,
    ...formOptions
  } = form ?? {};
  const uiSchema = useMemo(
    () => ({
      ...extraUi,
      'ui:submitButtonOptions': { norender: true },
      'ui:title': '',
      'ui:description': '',
    }),
    [extraUi],
  );

  // Without live validation the surrounding form checks the value (and shows its own errors).
  const check = (value: JsonValue): JsonState => {
    if (value === null || !liveValidate) return { value };
    const { errors } = validator.validateFormData(value, schema);
    return errors.length ? { value, error: translate(`${T}.check_form`, { name: label }) } : { value };
  };
  const report = (next: JsonState) => {
    setState(next);
    onChange(next);
  };
  const parse = (t: string): JsonState => {
    if (!t.trim()) return { value: null };
    try {
      const parsed = JSON.parse(t);
      if (parsed === null) return { value: null };
      const ok =
        kind === 'array' ? Array.isArray(parsed) : typeof parsed === 'object' && !Array.isArray(parsed);
      return ok ? check(parsed) : { value: null, error: translate(`${T}.wrong_kind_${kind}`) };
    } catch {
      return { value: null, error: translate(`${T}.invalid`) };
    }
  };
  const toggle = (toRaw: boolean) => {
    if (toRaw) {
      setText(state.value == null ? '' : JSON.stringify(state.value, null, 2));
      return setRaw(true);
    }
    const parsed = parse(text);
    report(parsed);
    if (!parsed.error) setRaw(false);
  };

  return (
    <Box
      component="fieldset"
      aria-labelledby={`${id}-label`}
      data-json-field={name}
      sx={{
        border: 1,
        borderColor: state.error || error ? 'error.main' : 'divider',
        borderRadius: 1,
        px: 2,
        pb: 1,
        m: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`${id}-label`} variant="subtitle2" component="legend" sx={{ float: 'left' }}>
          {label}
        </Typography>
        <FormControlLabel
          control={<Switch size="small" checked={raw} onChange={(e) => toggle(e.target.checked)} />}
          label={translate(`${T}.raw`)}
        />
      </Box>
      {raw ? (
        <TextField
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            report(parse(e.target.value));
          }}
          multiline
          minRows={4}
          fullWidth
          placeholder={kind === 'array' ? '[ ]' : '{ }'}
          error={!!state.error}
          slotProps={{
            htmlInput: {
              'aria-label': `${label} (JSON)`,
              spellCheck: false,
              style: { fontFamily: 'monospace' },
            },
          }}
        />
      ) : (
        <Box sx={{ '& .rjsf > .MuiBox-root': { display: 'none' } }}>
          <Form
            schema={schema}
            validator={validator}
            formData={state.value ?? undefined}
            onChange={(e: IChangeEvent, changed?: string) => {
              const next = isEmpty(e.formData) ? null : (e.formData as JsonValue);
              report(check(normalize && next ? normalize(next, state.value, changed) : next));
            }}
            uiSchema={uiSchema}
            liveValidate={liveValidate}
            {...formOptions}
            // Days left out are closed: no empty day objects filled in from nested defaults.
            experimental_defaultFormStateBehavior={{
              emptyObjectFields: 'populateRequiredDefaults',
              ...defaultsBehavior,
            }}
            showErrorList={false}
            idPrefix={`${id}-${name}`}
            tagName="div"
          />
        </Box>
      )}
      {(state.error || error) && <FormHelperText error>{state.error || error}</FormHelperText>}
    </Box>
  );
}
