/**
 * The Patient Create tab of the API Simulator: POST /patient from a form of its JSON Schema.
 * Sending needs NIK and name (spec part 2 §2); the rest is checked on send, each message under
 * its field in the console's language, and nothing is sent while one remains.
 */
import { useMemo, useState } from 'react';
import { useLocaleState, useTranslate, type TranslateFunction } from 'react-admin';
import { Box, Button, Stack } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { JsonField, type JsonState } from '../../resources/generic/JsonField';
import { SCHEMA_FORMS } from '../../resources/generic/jsonForms';
import { checkCreatePatient, errorSchemaOf } from './patientCheck';
import { Spinner } from './tabs';
import { T, type Tester } from './useTester';

/** The create-patient form's choices by name (the schema holds the codes the API takes). */
const GENDERS = { 'ui:enumNames': ['Laki-laki (L)', 'Perempuan (P)'] };
const CHOICES: Record<string, object> = {
  gender: GENDERS,
  // Typed as the title says (YYYY-MM-DD), checked as a day of the calendar on send.
  dateOfBirth: { 'ui:widget': 'text' },
  insurrance: { 'ui:enumNames': ['0000 - Tanpa asuransi', '0001 - BPJS'] },
  maritalStatus: {
    'ui:enumNames': [
      'Belum menikah (single)',
      'Menikah (married)',
      'Cerai (divorced)',
      'Janda/Duda (widowed)',
    ],
  },
};

type Props = Record<string, { title?: string; properties?: Props; items?: { title?: string } }>;

/**
 * The form's labels in the console's language (the schema's Indonesian titles when a field has
 * no text of its own) and its choices by name.
 */
function createPatientUi(translate: TranslateFunction) {
  const titled = (props: Props, prefix: string): Record<string, any> =>
    Object.fromEntries(
      Object.entries(props).map(([name, p]) => {
        const title = (key: string, fallback?: string) =>
          translate(`${T}.create.fields.${prefix}${key}`, { _: fallback ?? key });
        const ui: Record<string, unknown> = { 'ui:title': title(name, p.title), ...CHOICES[name] };
        if (p.items) ui.items = { 'ui:title': title(`${name}_item`, p.items.title) };
        return [name, p.properties ? { ...ui, ...titled(p.properties, `${name}_`) } : ui];
      }),
    );
  return titled(SCHEMA_FORMS['simulator-create-patient'].schema.properties as Props, '');
}

export function CreatePatientTab({
  tester,
  patient,
  setPatient,
  version,
}: {
  tester: Tester;
  patient: JsonState;
  setPatient: (p: JsonState) => void;
  /** A new value replaces the form's (a replayed history entry). */
  version: number;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { busy, key } = tester;
  const value = useMemo(() => (patient.value ?? {}) as Record<string, unknown>, [patient.value]);
  const canCreate = !!String(value.nik ?? '').trim() && !!String(value.name ?? '').trim();
  // Checked from the first send on, then as the fields change.
  const [checked, setChecked] = useState(false);
  const errors = useMemo(() => (checked ? checkCreatePatient(value, locale) : {}), [checked, value, locale]);
  const uiSchema = useMemo(() => createPatientUi(translate), [translate]);
  const form = useMemo(
    () => ({ uiSchema, liveValidate: false, extraErrors: errorSchemaOf(errors) }),
    [uiSchema, errors],
  );
  const invalid = Object.keys(errors).length > 0;
  const send = () => {
    setChecked(true);
    if (Object.keys(checkCreatePatient(value, locale)).length) return;
    void tester.run('create', 'POST', '/patient', value);
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <JsonField
        key={version}
        name="create_patient"
        form={SCHEMA_FORMS['simulator-create-patient']}
        label={translate(`${T}.tabs.create`)}
        initial={patient.value}
        onChange={setPatient}
        options={form}
        error={invalid ? translate(`${T}.create.check_fields`) : undefined}
      />
      <Box>
        <Button
          variant="contained"
          startIcon={busy ? <Spinner /> : <SendIcon />}
          disabled={busy || !key || !canCreate || !!patient.error}
          onClick={send}
        >
          {translate(`${T}.create.send`)}
        </Button>
        {!canCreate && (
          <Box component="span" sx={{ ml: 2, color: 'text.secondary', fontSize: 14 }}>
            {translate(`${T}.create.hint`)}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
