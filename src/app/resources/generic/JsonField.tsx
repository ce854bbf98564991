import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import Form from '@rjsf/mui';
import type { FormProps, IChangeEvent } from '@rjsf/core';
import {
  englishStringTranslator,
  replaceStringParameters,
  TranslatableString,
  type RJSFSchema,
  type RJSFValidationError,
} from '@rjsf/utils';
import { Box, FormControlLabel, FormHelperText, Switch, TextField, Typography } from '@mui/material';
import { describeAjvError } from '../../../domain/validation';
import { validationTexts } from './formValidation';
import type { JsonForm } from './jsonForms';

const T = 'app.json_field';

export type JsonValue = Record<string, unknown> | unknown[] | null;
export type JsonKind = 'object' | 'array';
export interface JsonState {
  value: JsonValue;
  /** Why the field cannot be saved as it is (shown next to it; the dialog does not save). */
  error?: string;
}

/** What a field's generated form may set beside its schema: templates, widgets, texts, errors. */
export type JsonFormOptions = Pick<
  FormProps,
  | 'uiSchema'
  | 'templates'
  | 'widgets'
  | 'formContext'
  | 'extraErrors'
  | 'liveValidate'
  | 'omitExtraData'
  | 'experimental_defaultFormStateBehavior'
>;

const isEmpty = (v: unknown) =>
  v == null ||
  (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && !Object.keys(v as object).length);

const ofKind = (v: unknown, kind: JsonKind) =>
  kind === 'array' ? Array.isArray(v) : !!v && typeof v === 'object' && !Array.isArray(v);

/** JSON text read as a value of the field's kind: blank and `null` are null; else the reason it is not. */
export function parseJsonText(
  text: string,
  kind: JsonKind,
): { value: JsonValue; problem?: 'invalid' | 'kind' } {
  if (!text.trim()) return { value: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { value: null, problem: 'invalid' };
  }
  if (parsed === null) return { value: null };
  return ofKind(parsed, kind) ? { value: parsed as JsonValue } : { value: null, problem: 'kind' };
}

/** The value a field starts with: a stored value of its kind, or stored JSON text of one. */
export function initialJsonValue(initial: unknown, kind: JsonKind = 'object'): JsonValue {
  if (typeof initial === 'string') return parseJsonText(initial, kind).value;
  return ofKind(initial, kind) ? (initial as JsonValue) : null;
}

const pretty = (v: JsonValue) => (v == null ? '' : JSON.stringify(v, null, 2));

type Ui = Record<string, unknown>;
const isPlain = (v: unknown): v is Ui => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every titled part of the schema with its title in the console's language (`ui:title`). */
export function titledUiSchema(schema: RJSFSchema, title: (t: string) => string): Ui {
  const ui: Ui = {};
  for (const [key, part] of Object.entries(schema.properties ?? {})) {
    const sub = isPlain(part) ? titledUiSchema(part as RJSFSchema, title) : {};
    if (Object.keys(sub).length) ui[key] = sub;
  }
  if (isPlain(schema.items)) {
    const sub = titledUiSchema(schema.items as RJSFSchema, title);
    if (Object.keys(sub).length) ui.items = sub;
  }
  if (typeof schema.title === 'string' && title(schema.title) !== schema.title)
    ui['ui:title'] = title(schema.title);
  return ui;
}

/** `extra` laid over `base`, part by part (what a field's own uiSchema says wins). */
function mergeUi(base: Ui, extra: Ui = {}): Ui {
  const out: Ui = { ...base };
  for (const [k, v] of Object.entries(extra))
    out[k] = isPlain(v) && isPlain(out[k]) ? mergeUi(out[k] as Ui, v) : v;
  return out;
}

/** rjsf's words and the schema checks' messages in the console's language. */
function useFormTexts() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const translateString = useCallback(
    (s: TranslatableString, params?: string[]) => {
      const name = Object.keys(TranslatableString).find(
        (k) => TranslatableString[k as keyof typeof TranslatableString] === s,
      );
      const text = name ? translate(`${T}.form.${name}`, { _: '' }) : '';
      return text ? replaceStringParameters(text, params) : englishStringTranslator(s, params);
    },
    [translate],
  );
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) => {
      const texts = validationTexts(locale);
      return errors.map((e) => {
        const ajvLike = { keyword: e.name ?? '', instancePath: '', params: e.params ?? {} };
        const message = describeAjvError(ajvLike, texts)[1] || texts.invalid;
        return { ...e, message, stack: message };
      });
    },
    [locale],
  );
  return { translateString, transformErrors };
}

interface JsonFieldProps {
  /** Names the field in the page (data-json-field) and its inputs' ids. */
  name: string;
  label: string;
  /** The generated form and its validator; without one the field is its JSON text only. */
  form: JsonForm | null;
  /** Object or list (the form's schema says; else object). */
  kind?: JsonKind;
  /** The stored value, or stored JSON text (text that never parsed opens as raw JSON). */
  initial: unknown;
  onChange: (state: JsonState) => void;
  options?: JsonFormOptions;
  /** Completes what the form changed (`changed`: the id of the input that changed). */
  normalize?: (next: JsonValue, previous: JsonValue, changed?: string) => JsonValue;
  /** A message of the surrounding form or the server for the whole field. */
  error?: string;
}

/** The field's state: value, message, raw mode and text, and what changes them. */
function useJsonField({
  label,
  form,
  initial,
  onChange,
  options,
  normalize,
  kind,
}: JsonFieldProps & { kind: JsonKind }) {
  const translate = useTranslate();
  const storedText = typeof initial === 'string' ? initial : null;
  const [raw, setRaw] = useState(!form || storedText !== null);
  const [text, setText] = useState(() => storedText ?? pretty(initialJsonValue(initial, kind)));
  const liveValidate = options?.liveValidate ?? true;

  // Without live validation the surrounding form checks the value (and shows its own errors).
  const check = (value: JsonValue): JsonState => {
    if (value === null || !form || !liveValidate) return { value };
    const { errors } = form.validator.validateFormData(value, form.schema);
    return errors.length ? { value, error: translate(`${T}.check_form`, { name: label }) } : { value };
  };
  const read = (t: string): JsonState => {
    const { value, problem } = parseJsonText(t, kind);
    if (!problem) return check(value);
    return { value, error: translate(problem === 'invalid' ? `${T}.invalid` : `${T}.wrong_kind_${kind}`) };
  };
  const [state, setState] = useState<JsonState>(() =>
    storedText !== null ? read(storedText) : { value: initialJsonValue(initial, kind) },
  );
  // rjsf reports the defaults it fills in while the form is being made: the surrounding form
  // hears of them once the field is in the page (its handlers may not be called in a render).
  const mounted = useRef(false);
  const pending = useRef<JsonState | null>(null);
  useEffect(() => {
    mounted.current = true;
    if (pending.current) onChange(pending.current);
    pending.current = null;
  });
  const report = (next: JsonState) => {
    setState(next);
    if (mounted.current) onChange(next);
    else pending.current = next;
  };
  // Stored text that is not JSON: the dialog knows at once that the field cannot be saved so.
  useEffect(() => {
    if (state.error && storedText !== null) onChange(state);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    state,
    raw,
    text,
    onText: (t: string) => {
      setText(t);
      report(read(t));
    },
    onForm: (e: IChangeEvent, changed?: string) => {
      const next = isEmpty(e.formData) ? null : (e.formData as JsonValue);
      // An empty form stays empty: rjsf reports its blank state while it is being made.
      if (next === null && state.value === null && !state.error) return;
      report(check(normalize && next ? normalize(next, state.value, changed) : next));
    },
    // Back to the form only from text that reads as a value of the field's kind.
    toggle: (toRaw: boolean) => {
      if (toRaw) {
        setText(pretty(state.value));
        return setRaw(true);
      }
      const parsed = read(text);
      report(parsed);
      if (!parsed.error || parsed.value !== null) setRaw(false);
    },
  };
}

/**
 * A JSON field: a form generated from its JSON Schema by rjsf (checked by the validator compiled
 * at build time, its words and messages in the console's language) or, with the switch, the JSON
 * text itself; text that is not JSON of the field's kind is an error next to it, never a failed
 * save. A field whose schema names no properties or items is its JSON text only.
 */
export function JsonField(props: JsonFieldProps) {
  const { name, label, form, options, error } = props;
  const translate = useTranslate();
  const id = useId();
  const kind: JsonKind = props.kind ?? ([form?.schema.type].flat().includes('array') ? 'array' : 'object');
  const { state, raw, text, onText, onForm, toggle } = useJsonField({ ...props, kind });
  const texts = useFormTexts();
  const {
    uiSchema: extraUi,
    experimental_defaultFormStateBehavior: defaults,
    ...formOptions
  } = options ?? {};
  const uiSchema = useMemo(() => {
    const titled = form ? titledUiSchema(form.schema, (t) => translate(`${T}.titles.${t}`, { _: t })) : {};
    // The legend names the field: the form's own root title is not shown again (an empty
    // 'ui:title' alone lets an array fall back to its schema's title, untranslated).
    const own = {
      'ui:submitButtonOptions': { norender: true },
      'ui:title': '',
      'ui:label': false,
      'ui:description': '',
    };
    return { ...mergeUi(titled, extraUi as Ui), ...own };
  }, [form, extraUi, translate]);
  const message = state.error || error;

  return (
    <Box
      component="fieldset"
      aria-labelledby={`${id}-label`}
      data-json-field={name}
      sx={{
        border: 1,
        borderColor: message ? 'error.main' : 'divider',
        borderRadius: 1,
        px: 2,
        pb: 1,
        pt: 0.5,
        m: 0,
        minWidth: 0,
        gridColumn: '1 / -1',
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 40 }}
      >
        <Typography id={`${id}-label`} variant="subtitle2" component="legend" sx={{ float: 'left' }}>
          {label}
        </Typography>
        {form && (
          <FormControlLabel
            control={<Switch size="small" checked={raw} onChange={(e) => toggle(e.target.checked)} />}
            label={translate(`${T}.raw`)}
          />
        )}
      </Box>
      {raw || !form ? (
        <TextField
          value={text}
          onChange={(e) => onText(e.target.value)}
          multiline
          minRows={4}
          fullWidth
          placeholder={kind === 'array' ? '[ ]' : '{ }'}
          error={!!message}
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
            schema={form.schema}
            validator={form.validator}
            formData={state.value ?? undefined}
            onChange={onForm}
            uiSchema={uiSchema}
            liveValidate
            {...formOptions}
            {...texts}
            // Days left out are closed: no empty objects filled in from nested defaults.
            experimental_defaultFormStateBehavior={{
              emptyObjectFields: 'populateRequiredDefaults',
              ...defaults,
            }}
            showErrorList={false}
            idPrefix={`${id}-${name}`}
            tagName="div"
          />
        </Box>
      )}
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
