import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { TextField } from '@mui/material';
import { call, fieldErrorsOf, FACILITIES, type Connection } from './api';
import { FormDialog, failure, useDialogFields } from './dialogs';
import { JsonField, initialJsonValue, type JsonState } from '../../generic/JsonField';
import { SCHEMA_FORMS, type JsonForm } from '../../generic/jsonForms';

const R = 'resources.master/medical-facilities';
const C = `${R}.integrated.connections`;
const TEXT_FIELDS = ['code', 'production_base_url', 'sandbox_base_url', 'x_username', 'x_password'] as const;
/** The connection's JSON objects and their forms (schemas/connection-*.json, gateway-config.json). */
const JSON_FIELDS = {
  properties: SCHEMA_FORMS['connection-properties'],
  resources: SCHEMA_FORMS['connection-resources'],
  gateway_config: SCHEMA_FORMS['gateway-config'],
} satisfies Record<string, JsonForm>;
type JsonFieldName = keyof typeof JSON_FIELDS;
const JSON_NAMES = Object.keys(JSON_FIELDS) as JsonFieldName[];
// Two fields a row on a wide dialog, one on a phone.
const JSON_FORM_OPTIONS = {
  omitExtraData: false,
  uiSchema: {
    'ui:options': {
      mui: {
        rjsfSlotProps: {
          objectGridContainer: { spacing: 2, sx: { mt: 0 } },
          objectGridItem: { size: { xs: 12, sm: 6 }, sx: { mb: 0 } },
        },
      },
    },
  },
};

/** Add / edit a connection (spec §5 'Connection dialog'): its addresses, credentials and JSON fields. */
export function ConnectionDialog({
  facilityId,
  connection,
  onClose,
  onSaved,
}: {
  facilityId: number;
  connection: Connection | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { values, set, errors, setErrors } = useDialogFields({
    code: connection?.code ?? '',
    production_base_url: connection?.production_base_url ?? '',
    sandbox_base_url: connection?.sandbox_base_url ?? '',
    x_username: connection?.x_username ?? '',
    x_password: '',
  });
  const [json, setJson] = useState<Record<JsonFieldName, JsonState>>(() => ({
    properties: { value: initialJsonValue(connection?.properties) },
    resources: { value: initialJsonValue(connection?.resources) },
    gateway_config: { value: initialJsonValue(connection?.gateway_config) },
  }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problems: Record<string, string> = {};
    for (const k of ['code', 'production_base_url'] as const)
      if (!values[k].trim()) problems[k] = translate('ra.validation.required');
    for (const k of JSON_NAMES) if (json[k].error) problems[k] = json[k].error!;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setError(null);
    const body = {
      ...values,
      sandbox_base_url: values.sandbox_base_url || null,
      x_username: values.x_username || null,
      properties: json.properties.value,
      resources: json.resources.value,
      // The gateway config travels as text (spec §5).
      gateway_config: json.gateway_config.value ? JSON.stringify(json.gateway_config.value) : null,
    };
    try {
      const base = `${FACILITIES}/${facilityId}/connections`;
      if (connection) await call(`${base}/${connection.id}`, 'PUT', body);
      else await call(base, 'POST', body);
      notify(`${R}.integrated.saved`, { type: 'success' });
      onSaved();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      // 'properties.timeout_ms' belongs to the properties field.
      const byField: Record<string, string> = {};
      for (const [k, m] of Object.entries(fields)) {
        const top = k.split('.')[0];
        byField[top] ??= k === top ? m : `${k.slice(top.length + 1)}: ${m}`;
      }
      setErrors(byField);
      setError(failure(translate(`${R}.errors.save_connection`), err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={translate(`${C}.${connection ? 'edit_title' : 'add_title'}`)}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="md"
    >
      {TEXT_FIELDS.map((k, i) => (
        <TextField
          key={k}
          label={translate(`${C}.fields.${k}`)}
          value={values[k]}
          onChange={(e) => set(k, e.target.value)}
          required={k === 'code' || k === 'production_base_url'}
          autoFocus={i === 0}
          type={k === 'x_password' ? 'password' : k.endsWith('_url') ? 'url' : 'text'}
          autoComplete={k === 'x_password' ? 'new-password' : 'off'}
          error={!!errors[k]}
          helperText={
            errors[k] ??
            (k === 'x_password' && connection?.has_password ? translate(`${C}.password_kept`) : undefined)
          }
          placeholder={k.endsWith('_url') ? 'https://' : undefined}
          fullWidth
        />
      ))}
      {JSON_NAMES.map((k) => (
        <JsonField
          key={k}
          name={k}
          form={JSON_FIELDS[k]}
          options={JSON_FORM_OPTIONS}
          label={translate(`${C}.fields.${k}`)}
          initial={connection?.[k]}
          error={errors[k]}
          onChange={(state) => {
            setJson((s) => ({ ...s, [k]: state }));
            setErrors(({ [k]: _drop, ...rest }) => rest);
          }}
        />
      ))}
    </FormDialog>
  );
}

/** A connection's X-Username and X-Password, both required. */
export function CredentialsDialog({
  facilityId,
  connection,
  onClose,
  onSaved,
}: {
  facilityId: number;
  connection: Connection;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { values, set, errors, setErrors } = useDialogFields({
    x_username: connection.x_username ?? '',
    x_password: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const missing: Record<string, string> = {};
    for (const k of ['x_username', 'x_password'] as const)
      if (!values[k]) missing[k] = translate('ra.validation.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setError(null);
    try {
      await call(`${FACILITIES}/${facilityId}/connections/${connection.id}/credentials`, 'PUT', values);
      notify(`${R}.integrated.saved`, { type: 'success' });
      onSaved();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(failure(translate(`${R}.errors.credentials`), err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={`${translate(`${C}.credentials_title`)}: ${connection.code}`}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      {(['x_username', 'x_password'] as const).map((k, i) => (
        <TextField
          key={k}
          label={translate(`${C}.fields.${k}`)}
          value={values[k]}
          onChange={(e) => set(k, e.target.value)}
          required
          autoFocus={i === 0}
          type={k === 'x_password' ? 'password' : 'text'}
          autoComplete={k === 'x_password' ? 'new-password' : 'off'}
          error={!!errors[k]}
          helperText={errors[k]}
          fullWidth
        />
      ))}
    </FormDialog>
  );
}
