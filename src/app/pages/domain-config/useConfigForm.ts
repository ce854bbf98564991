import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { httpClient } from '../../providers/http';
import { BASE, T, onVersion, type DomainConnection, type HttpFailure } from './connections';

/**
 * The add/edit dialog's values, checks and save: a new mapping starts from the chosen
 * connection's code and URLs; an edit changes only the targets and the switch.
 */
export function useConfigForm(row: DomainConnection | 'new', free: DomainConnection[], onSaved: () => void) {
  const translate = useTranslate();
  const editing = row !== 'new' ? row : null;
  const isEdit = !!editing?.has_domain_config;
  const [values, setValues] = useState({
    connection_id: editing ? String(editing.connection_id) : '',
    facility_code: editing?.facility_code ?? '',
    target_production_url: editing?.target_production_url ?? editing?.production_base_url ?? '',
    target_sandbox_url: editing?.target_sandbox_url ?? editing?.sandbox_base_url ?? '',
    is_active: editing?.is_active ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof values, v: string | boolean) => setValues((s) => ({ ...s, [k]: v }));
  const pickConnection = (id: string) => {
    const c = free.find((f) => String(f.connection_id) === id);
    setValues((s) => ({
      ...s,
      connection_id: id,
      facility_code: s.facility_code || c?.facility_code || '',
      target_production_url: s.target_production_url || c?.production_base_url || '',
      target_sandbox_url: s.target_sandbox_url || c?.sandbox_base_url || '',
    }));
  };

  const check = () => {
    const local: Record<string, string> = {};
    if (!isEdit && !values.facility_code.trim())
      local.facility_code = translate(`${T}.errors.facility_code_required`);
    if (!values.connection_id) local.connection_id = translate(`${T}.errors.connection_required`);
    if (!values.target_production_url.trim() && !values.target_sandbox_url.trim())
      local.target_production_url = translate(`${T}.errors.target_required`);
    setErrors(local);
    return Object.keys(local).length === 0;
  };
  const submit = async () => {
    if (!check()) return;
    setBusy(true);
    setFailure(null);
    try {
      const body = isEdit
        ? {
            target_production_url: values.target_production_url,
            target_sandbox_url: values.target_sandbox_url,
            is_active: values.is_active,
          }
        : { ...values, connection_id: Number(values.connection_id) };
      await httpClient(isEdit ? `${BASE}/${editing!.id}` : BASE, {
        method: isEdit ? 'PUT' : 'POST',
        body: JSON.stringify(body),
        ...(isEdit ? { headers: onVersion(editing!.version) } : {}),
      });
      onSaved();
    } catch (err) {
      const e = err as HttpFailure;
      setErrors(e.body?.errors ?? {});
      setFailure(e.message || translate(`${T}.errors.save`));
    } finally {
      setBusy(false);
    }
  };
  return { editing, isEdit, values, set, pickConnection, errors, failure, busy, submit };
}
