/**
 * The wizard's steps as calls of the facility API (spec part 2 §4 'Mobile wizard', §5): each
 * checks its input with the spec's messages, calls the API through useFacilityApi and hands the
 * answer to the reducer of wizard.ts.
 */
import { useCallback, useReducer, type Dispatch } from 'react';
import { useTranslate } from 'react-admin';
import { jakartaToday } from '../../../domain/clock';
import { fieldErrorsOf, payloadOf, rowsOf } from './client';
import type { FacilityApi } from './useFacilityApi';
import type { Booking } from './Ticket';
import {
  endOf,
  initialWizard,
  needsPoli,
  wizardReducer,
  type Patient,
  type Poli,
  type QuotaEntry,
  type WizardAction,
  type WizardState,
} from './wizard';

const T = 'app.mobile_simulator';

export interface WizardActions {
  checkNik: () => Promise<void>;
  register: () => Promise<void>;
  /** Step 1 of a patient already known: on to the doctor step. */
  continueWithPatient: () => void;
  loadDoctors: () => Promise<void>;
  confirm: () => Promise<void>;
  refreshBooking: () => Promise<void>;
  back: () => void;
  reset: () => void;
  /** Another key was chosen: the wizard starts over. */
  keyChanged: () => void;
}

export const withDetail = (message: string, detail: string | null) =>
  detail ? `${message}: ${detail}` : message;

/** The body of POST /v1/patient from the new-patient form. */
function patientPayload(f: WizardState['form']): Record<string, unknown> {
  return {
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
}

/** The body of POST /v1/appointment for the chosen patient, poli, time, payment and doctor. */
function bookingPayload(w: WizardState, doctor: QuotaEntry): Record<string, unknown> {
  const patient = w.patient!;
  return {
    poly_code: w.poly,
    poly_name: w.poli?.find((p) => p.poly_code === w.poly)?.poly_name ?? null,
    medical_record_number: patient.no_mr ?? null,
    health_insurance: w.payment,
    insurance_number: w.payment === 'BPJS' ? (patient.no_jkn ?? null) : null,
    referral_number: null,
    date: w.date,
    start_time: w.time,
    end_time: endOf(w.time),
    doctor_id: doctor.doctor_id,
    doctor_name: doctor.doctor_name ?? doctor.name ?? null,
    id_type: 'KTP',
    id_number: patient.nik,
    name: patient.name,
  };
}

const codeOf = (b: Booking | null | undefined) =>
  b?.booking_code ?? b?.booking_id ?? (b?.id != null ? String(b.id) : '');

export function useWizard(api: FacilityApi): [WizardState, Dispatch<WizardAction>, WizardActions] {
  const translate = useTranslate();
  const t = (key: string) => translate(`${T}.${key}`);
  const [w, dispatch] = useReducer(wizardReducer, undefined, () => initialWizard(jakartaToday()));
  const fail = (messages: Partial<WizardState>) => dispatch({ type: 'messages', messages });
  const clear = () => fail({ error: null, info: null, formAlert: null, fieldErrors: {} });
  const call = async <A>(run: () => Promise<A>) => {
    dispatch({ type: 'busy', busy: true });
    const answer = await run();
    dispatch({ type: 'busy', busy: false });
    return answer;
  };

  const loadPoli = async () => {
    const a = await api.poli();
    if (!a.ok)
      return dispatch({ type: 'poliLoaded', poli: [], error: withDetail(t('errors.poli'), a.detail) });
    const rows = rowsOf(a.body) as Poli[];
    dispatch({ type: 'poliLoaded', poli: rows, error: rows.length ? null : t('errors.no_poli') });
  };
  const toDoctorStep = (patient: Patient, registered: boolean, info?: string) => {
    dispatch({ type: 'patientReady', patient, registered, info });
    if (needsPoli(w)) void loadPoli();
  };

  const checkNik = async () => {
    clear();
    const nik = w.nik.trim();
    if (!nik) return fail({ fieldErrors: { nik: t('errors.nik_required') } });
    const a = await call(() => api.patientByNik(nik));
    if (a.ok) return toDoctorStep(payloadOf(a.body), false);
    if (a.status === 404)
      return dispatch({ type: 'patientNotFound', nik, info: a.detail ?? t('errors.not_found') });
    const errs = fieldErrorsOf(a.body);
    if (a.status === 400 && (errs.number || errs.nik))
      return fail({ fieldErrors: { nik: errs.number ?? errs.nik } });
    fail({
      error: withDetail(t('errors.check'), a.detail ?? (a.status == null ? t('errors.network') : null)),
    });
  };

  const register = async () => {
    clear();
    const f = w.form;
    const missing = (['nik', 'name', 'gender', 'dateOfBirth'] as const).filter((k) => !f[k].trim());
    if (missing.length) {
      return fail({
        formAlert: t('errors.patient_required'),
        fieldErrors: Object.fromEntries(missing.map((k) => [k, ' '])),
      });
    }
    if (!f.phoneNumber.trim()) return fail({ fieldErrors: { phoneNumber: t('errors.phone_required') } });
    const a = await call(() => api.registerPatient(patientPayload(f)));
    if (a.ok) return toDoctorStep(payloadOf(a.body), true, t('patient_registered'));
    fail({ fieldErrors: fieldErrorsOf(a.body), error: withDetail(t('errors.register'), a.detail) });
  };

  const loadDoctors = async () => {
    clear();
    if (!w.poly) return fail({ fieldErrors: { poly: t('errors.poli_required') } });
    if (!w.date) return fail({ fieldErrors: { date: t('errors.date_invalid') } });
    const a = await call(() => api.quota(w.poly, w.date, w.time));
    if (!a.ok) {
      return fail({ fieldErrors: fieldErrorsOf(a.body), error: withDetail(t('errors.quota'), a.detail) });
    }
    const rows = payloadOf(a.body) ?? [];
    const doctors = (Array.isArray(rows) ? rows : rowsOf(a.body)) as QuotaEntry[];
    if (!doctors.length) return fail({ error: t('errors.no_doctor') });
    dispatch({ type: 'doctorsLoaded', doctors });
  };

  const refresh = async (code: string) => {
    dispatch({ type: 'refreshing', refreshing: true });
    const a = await api.booking(code);
    dispatch({ type: 'refreshing', refreshing: false });
    if (a.ok) dispatch({ type: 'bookingRefreshed', booking: payloadOf(a.body) });
    else fail({ error: withDetail(t('errors.booking'), a.detail) });
  };

  const confirm = async () => {
    clear();
    const doctor = w.doctors.find((d) => d.doctor_id === w.doctorId);
    const id = Number(w.doctorId);
    if (!doctor || !Number.isInteger(id) || id <= 0) {
      return fail({ fieldErrors: { doctor: t('errors.doctor_required') } });
    }
    const a = await call(() => api.book(bookingPayload(w, doctor)));
    if (!a.ok) return fail({ error: withDetail(t('errors.booking'), a.detail) });
    const booking = payloadOf(a.body) as Booking;
    const code = codeOf(booking);
    if (!code) return fail({ error: t('errors.booking_id') });
    dispatch({ type: 'booked', booking });
    void refresh(code);
  };

  const keyChanged = useCallback(() => dispatch({ type: 'keyChanged', today: jakartaToday() }), []);

  const actions: WizardActions = {
    checkNik,
    register,
    continueWithPatient: () => toDoctorStep(w.patient!, w.registered),
    loadDoctors,
    confirm,
    refreshBooking: () => refresh(codeOf(w.booking)),
    back: () => dispatch({ type: 'back' }),
    reset: () => dispatch({ type: 'reset', today: jakartaToday() }),
    keyChanged,
  };
  return [w, dispatch, actions];
}
