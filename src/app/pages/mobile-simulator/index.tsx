/**
 * The mobile registration simulator, E-Registrasi (spec part 2 §2 'Mobile simulator', §4
 * 'Mobile wizard', §5, §7, §8, §9): a phone-sized wizard that calls the facility API with a
 * facility's key (Cek NIK Pasien → Data Pasien → Pilih Dokter → Konfirmasi → e-ticket), beside
 * a panel with the key, the target URL, the auth method and the request/response inspector.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { API_URL, httpClient } from '../../providers/http';
import { fetchMe } from '../../providers/authProvider';
import {
  callFacilityApi,
  fieldErrorsOf,
  localTargetUrl,
  payloadOf,
  rowsOf,
  type AuthMethod,
  type Connection,
  type Exchange,
  type KeyOption,
} from './client';
import { Panel } from './Panel';
import { Ticket, type Booking } from './Ticket';
import { formatDate } from '../../../domain/format';

const T = 'app.mobile_simulator';
export const VISIT_TIMES = ['07:00', '07:30', '08:00', '09:00', '10:00', '11:00', '13:00', '14:00'];
const DEFAULT_TIME = '09:00';
const MARITAL = ['single', 'married', 'divorced', 'widowed'] as const;
const INSURANCE_CODES = ['0000', '0001'] as const;
const PAYMENTS = ['UMUM', 'BPJS'] as const;
const STEPS = ['nik', 'patient', 'doctor', 'confirm'] as const;
const SESSION_STORE = 'mobile-simulator.session';

/** The Bearer token of this browser session, kept with the key and target it was issued for. */
interface StoredSession {
  keyId: number | null;
  targetUrl: string;
  auth: AuthMethod;
  token: string | null;
}
function readSession(): StoredSession | null {
  try {
    return JSON.parse(sessionStorage.getItem(SESSION_STORE) ?? 'null');
  } catch {
    return null;
  }
}
const MAX_EXCHANGES = 50;

/** The hour after a visit time (end = start + 1 h). */
export const endOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return `${String((h + 1) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
};

const jakartaDate = (offsetDays = 0) =>
  new Date(Date.now() + 7 * 3600_000 + offsetDays * 86400_000).toISOString().slice(0, 10);

/** Tomorrow in Jakarta, or the Monday after when tomorrow is a Sunday. */
function defaultVisitDate() {
  const tomorrow = jakartaDate(1);
  return new Date(`${tomorrow}T00:00:00Z`).getUTCDay() === 0 ? jakartaDate(2) : tomorrow;
}

interface Patient {
  id?: number;
  nik: string;
  name: string;
  gender?: string;
  date_of_birth?: string;
  phone?: string | null;
  no_mr?: string | null;
  no_jkn?: string | null;
  insurance_type?: string | null;
}

interface PatientForm {
  nik: string;
  name: string;
  gender: string;
  dateOfBirth: string;
  placeOfBirth: string;
  phoneNumber: string;
  email: string;
  address: string;
  maritalStatus: string;
  insurrance: string;
  insurranceNumber: string;
}

const emptyForm = (nik = ''): PatientForm => ({
  nik,
  name: '',
  gender: '',
  dateOfBirth: '',
  placeOfBirth: '',
  phoneNumber: '',
  email: '',
  address: '',
  maritalStatus: 'single',
  insurrance: '0000',
  insurranceNumber: '',
});

interface Poli {
  poly_code: string;
  poly_name: string;
}

interface QuotaEntry {
  id: number;
  doctor_id: number;
  doctor_name?: string;
  name?: string;
  specialization?: string;
  start_time: string;
  end_time: string;
  quota_left: number;
  times?: { start_time: string; end_time: string; quota_left: number }[];
}

interface Wizard {
  step: number;
  nik: string;
  patient: Patient | null;
  /** The patient was just registered (step 1 shows their data, not the form, on the way back). */
  registered: boolean;
  notFound: boolean;
  form: PatientForm;
  poly: string;
  date: string;
  time: string;
  payment: string;
  doctors: QuotaEntry[];
  doctorId: number | '';
  booking: Booking | null;
}

const initialWizard = (): Wizard => ({
  step: 0,
  nik: '',
  patient: null,
  registered: false,
  notFound: false,
  form: emptyForm(),
  poly: '',
  date: defaultVisitDate(),
  time: DEFAULT_TIME,
  payment: 'UMUM',
  doctors: [],
  doctorId: '',
  booking: null,
});

const hhmm = (t?: string | null) => (t ? t.slice(0, 5) : '');

export default function MobileSimulator() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));

  // The connection: key, target URL, auth method and the session's Bearer token.
  const [conn, setConnState] = useState<Connection>(() => ({
    key: '',
    targetUrl: localTargetUrl(),
    auth: 'apikey',
    token: null,
  }));
  const setConn = useCallback((patch: Partial<Connection>) => setConnState((c) => ({ ...c, ...patch })), []);
  const [keys, setKeys] = useState<KeyOption[]>([]);
  const [keysLoading, setKeysLoading] = useState(true);
  const [keysError, setKeysError] = useState(false);
  const [keyId, setKeyId] = useState<number | ''>('');
  useEffect(() => {
    if (!conn.key) return;
    const session: StoredSession = {
      keyId: keyId === '' ? null : keyId,
      targetUrl: conn.targetUrl,
      auth: conn.auth,
      token: conn.token,
    };
    sessionStorage.setItem(SESSION_STORE, JSON.stringify(session));
  }, [conn.key, conn.targetUrl, conn.auth, conn.token, keyId]);
  const [autoKey, setAutoKey] = useState(false);
  const [username, setUsername] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [facilityName, setFacilityName] = useState<string | null>(null);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const record = useCallback(
    (e: Exchange) => setExchanges((list) => [e, ...list].slice(0, MAX_EXCHANGES)),
    [],
  );

  // The wizard.
  const [w, setW] = useState<Wizard>(initialWizard);
  const update = (patch: Partial<Wizard>) => setW((s) => ({ ...s, ...patch }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const [poli, setPoli] = useState<Poli[] | null>(null);
  const [poliError, setPoliError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  // A new step takes the focus to its title, so keyboard and screen-reader users start there.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(w.step);
  useEffect(() => {
    if (shownStep.current === w.step) return;
    shownStep.current = w.step;
    titleRef.current?.focus();
  }, [w.step]);

  const clearMessages = () => {
    setError(null);
    setInfo(null);
    setFieldErrors({});
    setFormAlert(null);
  };
  const goTo = (step: number, patch: Partial<Wizard> = {}) => {
    setW((s) => ({ ...s, ...patch, step }));
    contentRef.current?.scrollTo?.({ top: 0 });
  };
  const withDetail = (message: string, detail: string | null) => (detail ? `${message}: ${detail}` : message);
  const api = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    callFacilityApi(conn, method, path, body, record);

  // The facility's keys (a medical_facility user: only theirs, picked at once).
  const pickKey = useCallback(
    async (id: number, list: KeyOption[]) => {
      const k = list.find((x) => x.id === id);
      setKeyId(id);
      setTokenError(null);
      try {
        const { json } = await httpClient(`${API_URL}/admin/simulator-apikeys/${id}/reveal`);
        const targetUrl = k?.url_dev || localTargetUrl();
        // The session's token and auth method for this key and target, when there is one.
        const stored = readSession();
        const same = stored?.keyId === id && stored.targetUrl === targetUrl;
        setConn({
          key: json.x_api_key,
          targetUrl,
          auth: same ? stored.auth : 'apikey',
          token: same ? stored.token : null,
        });
        setUsername(k?.username ?? '');
        setW(initialWizard());
        setPoli(null);
      } catch {
        setKeysError(true);
      }
    },
    [setConn],
  );
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [{ json }, me] = await Promise.all([
          httpClient(`${API_URL}/admin/simulator-apikeys?limit=100`),
          fetchMe().catch(() => null),
        ]);
        if (!live) return;
        const list: KeyOption[] = Array.isArray(json) ? json : (json?.data ?? []);
        setKeys(list);
        const facilityUser = (me?.effective_role ?? me?.role) === 'medical_facility';
        if (facilityUser && list[0]) {
          setAutoKey(true);
          await pickKey(list[0].id, list);
        }
      } catch {
        if (live) setKeysError(true);
      } finally {
        if (live) setKeysLoading(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [pickKey]);

  // The facility's name from the facility directory, once a key is chosen.
  const chosen = keys.find((k) => k.id === keyId);
  useEffect(() => {
    if (!conn.key || !chosen) return;
    let live = true;
    callFacilityApi(conn, 'GET', '/facilities?limit=100', undefined, record).then((a) => {
      if (!live) return;
      if (!a.ok) {
        setError(withDetail(translate(`${T}.errors.facilities`), a.detail));
        return;
      }
      const f = rowsOf(a.body).find((r) => r.facility_code === chosen.facility_code);
      setFacilityName(f?.name ?? chosen.facility_name);
    });
    return () => {
      live = false;
    };
    // Once per key: the auth method or token changing does not reload the directory.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conn.key, chosen?.id]);

  const loadPoli = async () => {
    setPoliError(null);
    const a = await api('GET', '/simulator/poli');
    if (!a.ok) {
      setPoli([]);
      setPoliError(withDetail(translate(`${T}.errors.poli`), a.detail));
      return;
    }
    const rows = rowsOf(a.body) as Poli[];
    setPoli(rows);
    if (!rows.length) setPoliError(translate(`${T}.errors.no_poli`));
  };

  const toDoctorStep = (patient: Patient, registered: boolean) => {
    goTo(2, { patient, registered });
    if (!poli || poliError) void loadPoli();
  };

  // Step 0: the NIK check.
  const checkNik = async () => {
    clearMessages();
    const nik = w.nik.trim();
    if (!nik) {
      setFieldErrors({ nik: translate(`${T}.errors.nik_required`) });
      return;
    }
    setBusy(true);
    const a = await api('GET', `/v1/patient/KTP/${encodeURIComponent(nik)}`);
    setBusy(false);
    if (a.ok) {
      toDoctorStep(payloadOf(a.body), false);
      return;
    }
    if (a.status === 404) {
      setInfo(a.detail ?? translate(`${T}.errors.not_found`));
      goTo(1, { patient: null, registered: false, notFound: true, form: { ...emptyForm(nik) } });
      return;
    }
    const errs = fieldErrorsOf(a.body);
    if (a.status === 400 && (errs.number || errs.nik)) {
      setFieldErrors({ nik: errs.number ?? errs.nik });
      return;
    }
    setError(
      withDetail(
        translate(`${T}.errors.check`),
        a.detail ?? (a.status == null ? translate(`${T}.errors.network`) : null),
      ),
    );
  };

  // Step 1: registering a new patient.
  const register = async () => {
    clearMessages();
    const f = w.form;
    const missing = (['nik', 'name', 'gender', 'dateOfBirth'] as const).filter((k) => !f[k].trim());
    if (missing.length) {
      setFormAlert(translate(`${T}.errors.patient_required`));
      setFieldErrors(Object.fromEntries(missing.map((k) => [k, ' '])));
      return;
    }
    if (!f.phoneNumber.trim()) {
      setFieldErrors({ phoneNumber: translate(`${T}.errors.phone_required`) });
      return;
    }
    const payload: Record<string, unknown> = {
      nik: f.nik.trim(),
      name: f.name.trim(),
      gender: f.gender,
      dateOfBirth: f.dateOfBirth,
      placeOfBirth: f.placeOfBirth.trim() || null,
      phoneNumber: f.phoneNumber.trim(),
      email: f.email.trim() || null,
      address: f.address.trim() || null,
      maritalStatus: f.maritalStatus,
      insurrance: f.insurrance,
      insurranceNumber: f.insurrance === '0001' ? f.insurranceNumber.trim() || null : null,
    };
    setBusy(true);
    const a = await api('POST', '/v1/patient', payload);
    setBusy(false);
    if (a.ok) {
      setInfo(translate(`${T}.patient_registered`));
      toDoctorStep(payloadOf(a.body), true);
      return;
    }
    setFieldErrors(fieldErrorsOf(a.body));
    setError(withDetail(translate(`${T}.errors.register`), a.detail));
  };

  // Step 2 → 3: the doctors of the poli with their quota at that date and time.
  const loadDoctors = async () => {
    clearMessages();
    if (!w.poly) {
      setFieldErrors({ poly: translate(`${T}.errors.poli_required`) });
      return;
    }
    setBusy(true);
    const a = await api(
      'GET',
      `/v1/appointment/quota/${encodeURIComponent(w.poly)}/${encodeURIComponent(w.date)}?time=${encodeURIComponent(w.time)}`,
    );
    setBusy(false);
    if (!a.ok) {
      setFieldErrors(fieldErrorsOf(a.body));
      setError(withDetail(translate(`${T}.errors.quota`), a.detail));
      return;
    }
    const rows = (payloadOf(a.body) ?? []) as QuotaEntry[];
    const doctors = Array.isArray(rows) ? rows : rowsOf(a.body);
    if (!doctors.length) {
      setError(translate(`${T}.errors.no_doctor`));
      return;
    }
    goTo(3, { doctors, doctorId: '' });
  };

  const selectedPoli = poli?.find((p) => p.poly_code === w.poly);
  const selectedDoctor = w.doctors.find((d) => d.doctor_id === w.doctorId);

  const refreshBooking = async (code: string) => {
    setRefreshing(true);
    const a = await api('GET', `/v1/appointment/${encodeURIComponent(code)}`);
    setRefreshing(false);
    if (a.ok) setW((s) => ({ ...s, booking: { ...s.booking, ...payloadOf(a.body) } }));
    else setError(withDetail(translate(`${T}.errors.booking`), a.detail));
  };

  // Step 3 → 4: the booking.
  const confirm = async () => {
    clearMessages();
    const id = Number(w.doctorId);
    if (!selectedDoctor || !Number.isInteger(id) || id <= 0) {
      setFieldErrors({ doctor: translate(`${T}.errors.doctor_required`) });
      return;
    }
    const patient = w.patient!;
    const body = {
      poly_code: w.poly,
      poly_name: selectedPoli?.poly_name ?? null,
      medical_record_number: patient.no_mr ?? null,
      health_insurance: w.payment,
      insurance_number: w.payment === 'BPJS' ? (patient.no_jkn ?? null) : null,
      referral_number: null,
      date: w.date,
      start_time: w.time,
      end_time: endOf(w.time),
      doctor_id: id,
      doctor_name: selectedDoctor.doctor_name ?? selectedDoctor.name ?? null,
      id_type: 'KTP',
      id_number: patient.nik,
      name: patient.name,
    };
    setBusy(true);
    const a = await api('POST', '/v1/appointment', body);
    setBusy(false);
    if (!a.ok) {
      setError(withDetail(translate(`${T}.errors.booking`), a.detail));
      return;
    }
    const booking = payloadOf(a.body) as Booking;
    const code =
      booking?.booking_code ?? booking?.booking_id ?? (booking?.id != null ? String(booking.id) : '');
    if (!code) {
      setError(translate(`${T}.errors.booking_id`));
      return;
    }
    goTo(4, { booking });
    void refreshBooking(code);
  };

  const getToken = async (password: string) => {
    setTokenError(null);
    const a = await callFacilityApi(
      { ...conn, auth: 'apikey' },
      'POST',
      '/v1/token',
      { username, password },
      record,
    );
    const token = a.body?.data?.response?.token ?? a.body?.response?.token;
    if (!a.ok || !token) {
      setConn({ token: null });
      setTokenError(`${translate(`${T}.errors.token`)}: ${a.status ?? '-'}${a.detail ? ` ${a.detail}` : ''}`);
      return;
    }
    setConn({ token });
  };

  const back = () => {
    clearMessages();
    goTo(Math.max(0, w.step - 1));
  };
  const reset = () => {
    clearMessages();
    setW(initialWizard());
  };

  const ready = !!conn.key;
  const english = locale === 'en';
  const stepTitle = w.step < 4 ? translate(`${T}.steps.${STEPS[w.step]}`) : translate(`${T}.steps.ticket`);

  const patientCard = w.patient && (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="patient-card">
      <Typography variant="caption" color="text.secondary">
        {translate(`${T}.patient_card`)}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="patient-name">
        {w.patient.name}
      </Typography>
      <Typography variant="body2">
        {translate(`${T}.fields.nik`)}: {w.patient.nik}
      </Typography>
      {w.patient.no_mr && (
        <Typography variant="body2">
          {translate(`${T}.fields.no_mr`)}: {w.patient.no_mr}
        </Typography>
      )}
      {w.patient.date_of_birth && (
        <Typography variant="body2">
          {translate(`${T}.fields.date_of_birth`)}: {formatDate(w.patient.date_of_birth)}
          {w.patient.gender
            ? ` · ${translate(`${T}.genders.${w.patient.gender}`, { _: w.patient.gender })}`
            : ''}
        </Typography>
      )}
      {w.patient.insurance_type && (
        <Typography variant="body2">
          {translate(`${T}.fields.insurance`)}: {w.patient.insurance_type}
        </Typography>
      )}
    </Paper>
  );

  const formField = (
    name: keyof PatientForm,
    extra: { type?: string; multiline?: boolean; minRows?: number } = {},
    required = false,
  ) => (
    <TextField
      size="small"
      fullWidth
      required={required}
      label={translate(`${T}.fields.${fieldLabel[name]}`)}
      value={w.form[name]}
      onChange={(ev) => update({ form: { ...w.form, [name]: ev.target.value } })}
      error={!!fieldErrors[name]}
      helperText={fieldErrors[name]?.trim() || undefined}
      type={extra.type}
      multiline={extra.multiline}
      minRows={extra.minRows}
      slotProps={{
        htmlInput: { name, 'data-testid': `field-${name}` },
        inputLabel: extra.type === 'date' ? { shrink: true } : undefined,
      }}
    />
  );

  const content = !ready ? (
    <Alert severity="info">{translate(`${T}.no_key`)}</Alert>
  ) : w.step === 0 ? (
    <Stack spacing={2} component="form" noValidate onSubmit={(ev) => (ev.preventDefault(), void checkNik())}>
      <TextField
        label={translate(`${T}.fields.nik`)}
        value={w.nik}
        onChange={(ev) => update({ nik: ev.target.value.replace(/\D/g, '').slice(0, 16) })}
        error={!!fieldErrors.nik}
        helperText={fieldErrors.nik ?? translate(`${T}.helpers.nik`)}
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'nik-input', maxLength: 16 } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate(`${T}.check`)}
      </Button>
    </Stack>
  ) : w.step === 1 ? (
    w.patient ? (
      <Stack spacing={2}>
        {patientCard}
        <Button variant="contained" onClick={() => toDoctorStep(w.patient!, w.registered)}>
          {translate(`${T}.next`)}
        </Button>
      </Stack>
    ) : (
      <Stack
        spacing={2}
        component="form"
        noValidate
        onSubmit={(ev) => (ev.preventDefault(), void register())}
      >
        <Typography variant="body2">{translate(`${T}.new_patient`)}</Typography>
        {formAlert && (
          <Alert severity="error" data-testid="form-alert">
            {formAlert}
          </Alert>
        )}
        {formField('nik', {}, true)}
        {formField('name', {}, true)}
        <TextField
          select
          size="small"
          fullWidth
          required
          label={translate(`${T}.fields.gender`)}
          value={w.form.gender}
          onChange={(ev) => update({ form: { ...w.form, gender: ev.target.value } })}
          error={!!fieldErrors.gender}
          helperText={fieldErrors.gender?.trim() || undefined}
          slotProps={{ select: { inputProps: { 'data-testid': 'field-gender' } } }}
        >
          {(['L', 'P'] as const).map((g) => (
            <MenuItem key={g} value={g}>
              {translate(`${T}.genders.${g}`)}
            </MenuItem>
          ))}
        </TextField>
        {formField('dateOfBirth', { type: 'date' }, true)}
        {formField('placeOfBirth')}
        {formField('phoneNumber', { type: 'tel' }, true)}
        {formField('email', { type: 'email' })}
        {formField('address', { multiline: true, minRows: 2 })}
        <TextField
          select
          size="small"
          fullWidth
          label={translate(`${T}.fields.marital_status`)}
          value={w.form.maritalStatus}
          onChange={(ev) => update({ form: { ...w.form, maritalStatus: ev.target.value } })}
        >
          {MARITAL.map((m) => (
            <MenuItem key={m} value={m}>
              {translate(`${T}.marital.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          fullWidth
          label={translate(`${T}.fields.insurance`)}
          value={w.form.insurrance}
          onChange={(ev) => update({ form: { ...w.form, insurrance: ev.target.value } })}
        >
          {INSURANCE_CODES.map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`${T}.insurance_codes.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        {w.form.insurrance === '0001' && formField('insurranceNumber')}
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(`${T}.register`)}
        </Button>
      </Stack>
    )
  ) : w.step === 2 ? (
    <Stack spacing={2}>
      {patientCard}
      <TextField
        select
        size="small"
        fullWidth
        required
        label={translate(`${T}.fields.poli`)}
        value={poli?.some((p) => p.poly_code === w.poly) ? w.poly : ''}
        onChange={(ev) => update({ poly: ev.target.value })}
        error={!!fieldErrors.poly || (!!poliError && poli !== null)}
        helperText={fieldErrors.poly ?? poliError ?? (poli === null ? translate(`${T}.loading`) : undefined)}
        disabled={poli === null}
        slotProps={{ select: { inputProps: { 'data-testid': 'field-poly' } } }}
      >
        {(poli ?? []).map((p) => (
          <MenuItem key={p.poly_code} value={p.poly_code}>
            {p.poly_name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        fullWidth
        type="date"
        label={translate(`${T}.fields.date`)}
        value={w.date}
        onChange={(ev) => update({ date: ev.target.value })}
        error={!!fieldErrors.date}
        helperText={fieldErrors.date}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: jakartaDate(0), 'data-testid': 'field-date' },
        }}
      />
      <TextField
        select
        size="small"
        fullWidth
        label={translate(`${T}.fields.time`)}
        value={w.time}
        onChange={(ev) => update({ time: ev.target.value })}
        helperText={translate(`${T}.helpers.time`, { end: endOf(w.time) })}
        slotProps={{ select: { inputProps: { 'data-testid': 'field-time' } } }}
      >
        {VISIT_TIMES.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id="mobile-payment-label">{translate(`${T}.fields.payment`)}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="mobile-payment-label"
          value={w.payment}
          onChange={(ev) => update({ payment: ev.target.value })}
        >
          {PAYMENTS.map((p) => (
            <FormControlLabel
              key={p}
              value={p}
              control={<Radio size="small" />}
              label={translate(`${T}.payments.${p}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Button
        variant="contained"
        onClick={() => void loadDoctors()}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate(`${T}.load_doctors`)}
      </Button>
    </Stack>
  ) : w.step === 3 ? (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.doctors_for`, {
          poli: selectedPoli?.poly_name ?? w.poly,
          date: formatDate(w.date),
          time: `${w.time}–${endOf(w.time)}`,
        })}
      </Typography>
      <FormControl error={!!fieldErrors.doctor}>
        <FormLabel id="mobile-doctor-label">{translate(`${T}.fields.doctor`)}</FormLabel>
        <RadioGroup
          aria-labelledby="mobile-doctor-label"
          value={w.doctorId === '' ? '' : String(w.doctorId)}
          onChange={(ev) => update({ doctorId: Number(ev.target.value) })}
        >
          {w.doctors.map((d) => (
            <Paper
              key={d.id}
              variant="outlined"
              sx={{
                px: 1.5,
                py: 1,
                mb: 1,
                borderColor: w.doctorId === d.doctor_id ? 'primary.main' : undefined,
              }}
            >
              <FormControlLabel
                value={String(d.doctor_id)}
                disabled={d.quota_left <= 0}
                control={<Radio size="small" />}
                disableTypography
                sx={{ display: 'flex', alignItems: 'flex-start', mr: 0 }}
                label={
                  <Box sx={{ pt: 0.75 }} data-testid="doctor-option">
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {d.doctor_name ?? d.name}
                    </Typography>
                    {d.specialization && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {d.specialization}
                      </Typography>
                    )}
                    {(d.times?.length ? d.times : [d]).map((t, i) => (
                      <Typography key={i} variant="caption" component="div" data-testid="doctor-quota">
                        {hhmm(t.start_time)}–{hhmm(t.end_time)} ·{' '}
                        <Box
                          component="span"
                          sx={{ fontWeight: 600, color: t.quota_left > 0 ? 'success.dark' : 'error.main' }}
                        >
                          {t.quota_left > 0
                            ? translate(`${T}.quota_left`, { count: t.quota_left })
                            : translate(`${T}.quota_full`)}
                        </Box>
                      </Typography>
                    ))}
                  </Box>
                }
              />
            </Paper>
          ))}
        </RadioGroup>
        {fieldErrors.doctor && (
          <FormHelperText data-testid="doctor-error">{fieldErrors.doctor}</FormHelperText>
        )}
      </FormControl>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {translate(`${T}.summary`)}
        </Typography>
        <Typography variant="body2">
          {w.patient?.name} · {w.patient?.nik}
        </Typography>
        <Typography variant="body2">
          {selectedPoli?.poly_name ?? w.poly} · {formatDate(w.date)} {w.time}–{endOf(w.time)}
        </Typography>
        <Typography variant="body2">
          {translate(`${T}.fields.payment`)}: {translate(`${T}.payments.${w.payment}`)}
        </Typography>
      </Paper>
      <Button
        variant="contained"
        onClick={() => void confirm()}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate(`${T}.confirm`)}
      </Button>
    </Stack>
  ) : (
    <Stack spacing={2}>
      {w.booking && (
        <Ticket
          booking={w.booking}
          english={english}
          refreshing={refreshing}
          onRefresh={() => {
            const b = w.booking!;
            void refreshBooking(b.booking_code ?? b.booking_id ?? String(b.id));
          }}
        />
      )}
      <Button variant="contained" onClick={reset}>
        {translate(`${T}.new_booking`)}
      </Button>
    </Stack>
  );

  const phone = (
    <Box
      data-testid="phone"
      sx={{
        width: '100%',
        maxWidth: wide ? 400 : undefined,
        mx: wide ? 0 : 'auto',
        flexShrink: 0,
        border: wide ? 10 : 1,
        borderColor: wide ? 'grey.900' : 'divider',
        borderRadius: wide ? 6 : 2,
        bgcolor: 'background.paper',
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        height: wide ? 780 : undefined,
        boxShadow: wide ? 6 : 0,
      }}
    >
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
          {w.step > 0 && w.step < 4 && ready && (
            <Button
              size="small"
              onClick={back}
              startIcon={<ArrowBack />}
              sx={{ color: 'inherit', minWidth: 0 }}
              data-testid="back-button"
            >
              {translate(`${T}.back`)}
            </Button>
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {translate(`${T}.app_name`)}
            </Typography>
            {facilityName && (
              <Typography variant="caption" component="p" noWrap data-testid="facility-name">
                {facilityName}
              </Typography>
            )}
          </Box>
        </Stack>
      </Box>
      {ready && (
        <Box sx={{ px: 1, pt: 2, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Stepper activeStep={w.step} alternativeLabel>
            {STEPS.map((s) => (
              <Step key={s}>
                <StepLabel slotProps={{ label: { style: { fontSize: 11 } } }}>
                  {translate(`${T}.steps.${s}`)}
                </StepLabel>
              </Step>
            ))}
          </Stepper>
        </Box>
      )}
      <Box ref={contentRef} sx={{ flex: 1, overflowY: 'auto', p: 2 }}>
        <Typography
          variant="h6"
          component="h2"
          ref={titleRef}
          tabIndex={-1}
          sx={{ mb: 0.5, outline: 'none' }}
          data-testid="step-title"
        >
          {stepTitle}
        </Typography>
        {w.step < 4 && ready && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
            {translate(`${T}.step_of`, { n: w.step + 1 })}
          </Typography>
        )}
        <Stack spacing={1.5} sx={{ mb: error || info ? 2 : 0 }} aria-live="polite">
          {error && (
            <Alert severity="error" onClose={() => setError(null)} data-testid="step-error">
              {error}
            </Alert>
          )}
          {info && (
            <Alert severity="info" onClose={() => setInfo(null)} data-testid="step-info">
              {info}
            </Alert>
          )}
        </Stack>
        {content}
      </Box>
    </Box>
  );

  const panel = (
    <Panel
      conn={conn}
      onConn={setConn}
      keys={keys}
      keysLoading={keysLoading}
      keysError={keysError}
      keyId={keyId}
      onPickKey={(id) => void pickKey(id, keys)}
      autoKey={autoKey}
      username={username}
      onUsername={setUsername}
      onGetToken={getToken}
      tokenError={tokenError}
      exchanges={exchanges}
      onClear={() => setExchanges([])}
    />
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(`${T}.title`)} />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate(`${T}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.subtitle`)}
      </Typography>
      {wide ? (
        <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start' }}>
          {phone}
          <Box sx={{ flex: 1, minWidth: 0 }} data-testid="side-panel">
            {panel}
          </Box>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {phone}
          <Accordion data-testid="side-panel" disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography>{translate(`${T}.panel.settings_toggle`)}</Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ px: 1 }}>{panel}</AccordionDetails>
          </Accordion>
        </Stack>
      )}
    </Box>
  );
}

const fieldLabel: Record<keyof PatientForm, string> = {
  nik: 'nik',
  name: 'name',
  gender: 'gender',
  dateOfBirth: 'date_of_birth',
  placeOfBirth: 'place_of_birth',
  phoneNumber: 'phone',
  email: 'email',
  address: 'address',
  maritalStatus: 'marital_status',
  insurrance: 'insurance',
  insurranceNumber: 'insurance_number',
};
