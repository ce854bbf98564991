import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { FACILITY_TYPES } from '../../../../resources/medical-facilities';
import { call, fieldErrorsOf, FACILITIES, type Facility } from './api';
import { FormDialog, failure, useDialogFields } from './dialogs';

const R = 'resources.master/medical-facilities';

/**
 * Add / edit a facility (spec §5 'Facility dialog'): name, email and type required; the
 * password required on create only (blank on edit: unchanged, otherwise set through
 * PUT /{id}/password after the save); online true for a new facility, as stored on edit.
 */
export function FacilityDialog({
  facility,
  onClose,
  onSaved,
}: {
  facility: Facility | null;
  onClose: () => void;
  onSaved: (f: Facility) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const editing = !!facility;
  const { values, set, errors, setErrors } = useDialogFields({
    name: facility?.name ?? '',
    email: facility?.email ?? '',
    password: '',
    type: facility?.type ?? 'PUSKESMAS',
    phone: facility?.phone ?? '',
    online: facility ? facility.online : true,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const required = translate('ra.validation.required');

  const submit = async () => {
    const missing: Record<string, string> = {};
    for (const k of ['name', 'email', 'type'] as const) if (!String(values[k]).trim()) missing[k] = required;
    if (!editing && !values.password) missing.password = required;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setError(null);
    const { password, ...rest } = values;
    const body = { ...rest, phone: rest.phone || null, ...(editing ? {} : { password }) };
    let saved: Facility;
    try {
      saved = editing
        ? await call<Facility>(`${FACILITIES}/${facility!.id}`, 'PUT', body)
        : await call<Facility>(FACILITIES, 'POST', body);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(failure(translate(`${R}.errors.save`), err));
      setBusy(false);
      return;
    }
    if (editing && password) {
      try {
        await call(`${FACILITIES}/${saved.id}/password`, 'PUT', { password });
      } catch (err) {
        setErrors(fieldErrorsOf(err));
        setError(failure(translate(`${R}.errors.password`), err));
        setBusy(false);
        return;
      }
    }
    setBusy(false);
    notify(`${R}.integrated.saved`, { type: 'success' });
    onSaved(saved);
  };

  const text = (k: 'name' | 'email' | 'phone' | 'password', props: Record<string, unknown> = {}) => (
    <TextField
      label={translate(`${R}.fields.${k}`)}
      value={values[k]}
      onChange={(e) => set(k, e.target.value)}
      error={!!errors[k]}
      helperText={errors[k]}
      fullWidth
      {...props}
    />
  );
  return (
    <FormDialog
      title={translate(`${R}.${editing ? 'edit_title' : 'add_title'}`)}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      {text('name', { required: true, autoFocus: true })}
      {text('email', { required: true, type: 'email' })}
      {text('password', {
        required: !editing,
        type: 'password',
        autoComplete: 'new-password',
        helperText: errors.password ?? (editing ? translate(`${R}.helpers.password_edit`) : undefined),
      })}
      <TextField
        select
        label={translate(`${R}.fields.type`)}
        value={values.type}
        onChange={(e) => set('type', e.target.value)}
        required
        error={!!errors.type}
        helperText={errors.type}
        fullWidth
      >
        {FACILITY_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {translate(`${R}.choices.type.${t}`)}
          </MenuItem>
        ))}
      </TextField>
      {text('phone', { type: 'tel' })}
      <FormControlLabel
        control={<Switch checked={values.online} onChange={(e) => set('online', e.target.checked)} />}
        label={translate(`${R}.choices.online.${values.online}`)}
      />
    </FormDialog>
  );
}
