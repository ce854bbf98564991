import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { TextField } from '@mui/material';
import { facilityConnections } from '../../../../resources/facility-connections';
import { API_URL, httpClient } from '../../../providers/http';
import { JsonFieldInput } from '../../generic/JsonFieldInput';
import { SCHEMA_FORMS } from '../../generic/jsonForms';
import type { CustomInputs } from '../../generic/ResourceDialog';
import { childResourceOf } from '../../screen-paths';
import { FormDialog, failure, useDialogFields } from './dialogs';
import type { Connection } from './records';

const R = 'resources.master/medical-facilities';
const C = `resources.${facilityConnections.name}`;

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

/**
 * The connection's JSON values, each edited as the form of its own schema (schemas/connection-*.json,
 * gateway-config.json): the connection's schema takes them as object or text, so names no form.
 */
const JSON_FORMS = {
  properties: SCHEMA_FORMS['connection-properties'],
  resources: SCHEMA_FORMS['connection-resources'],
  gateway_config: SCHEMA_FORMS['gateway-config'],
};

export const connectionInputs: CustomInputs = Object.fromEntries(
  Object.entries(JSON_FORMS).map(([field, form]) => [
    field,
    () => (
      <JsonFieldInput
        decl={facilityConnections}
        field={field}
        kind="object"
        required={false}
        form={form}
        options={JSON_FORM_OPTIONS}
      />
    ),
  ]),
);

/** The gateway config travels as text (spec §5). */
export const connectionToApi = (values: Record<string, any>) =>
  values.gateway_config && typeof values.gateway_config === 'object'
    ? { ...values, gateway_config: JSON.stringify(values.gateway_config) }
    : values;

/**
 * A connection's X-Username and X-Password, both required, written on the version shown
 * (If-Match): someone's change in between is refused with its message, not overwritten.
 */
export function CredentialsDialog({
  facilityId,
  connection,
  onClose,
}: {
  facilityId: number;
  connection: Connection;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
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
      const url = `${API_URL}/${childResourceOf(facilityConnections, facilityId)}/${connection.id}/credentials`;
      await httpClient(url, {
        method: 'PUT',
        body: JSON.stringify(values),
        headers: new Headers({ Accept: 'application/json', 'If-Match': `"${connection.version}"` }),
      });
      notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      refresh();
      onClose();
    } catch (err: any) {
      setErrors(err?.body?.errors ?? {});
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
