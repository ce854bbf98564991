/**
 * The E-Registrasi wizard's state and its transitions (spec part 2 §4 'Mobile wizard'): step 0
 * the NIK check, 1 the new-patient form, 2 poli/date/time/payment, 3 the doctor and the
 * confirmation, 4 the e-ticket. A pure reducer: the facility-API calls happen in useWizard and
 * arrive here as actions carrying their results.
 */
import type { Booking } from './Ticket';

export const VISIT_TIMES = ['07:00', '07:30', '08:00', '09:00', '10:00', '11:00', '13:00', '14:00'];
export const DEFAULT_TIME = '09:00';
export const MARITAL = ['single', 'married', 'divorced', 'widowed'] as const;
export const INSURANCE_CODES = ['0000', '0001'] as const;
export const PAYMENTS = ['UMUM', 'BPJS'] as const;
export type Payment = (typeof PAYMENTS)[number];
export const STEPS = ['nik', 'patient', 'doctor', 'confirm'] as const;
/** 0-3 the steps of STEPS, 4 the e-ticket. */
export type StepIndex = 0 | 1 | 2 | 3 | 4;

/** The hour after a visit time (end = start + 1 h). */
export const endOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return `${String((h + 1) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
};

const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The day after `today` (Jakarta, 'YYYY-MM-DD'), or the Monday after when that is a Sunday. */
export function defaultVisitDate(today: string) {
  const tomorrow = addDays(today, 1);
  return new Date(`${tomorrow}T00:00:00Z`).getUTCDay() === 0 ? addDays(today, 2) : tomorrow;
}

/** 'dd/MM/yyyy' (or 'YYYY-MM-DD') → 'YYYY-MM-DD' when it is a real date, else null. */
export function parseDay(text: string): string | null {
  const t = text.trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const parts = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : null;
  if (!parts) return null;
  const [y, m, d] = parts;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

export interface Patient {
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

/** The payment a patient's insurance implies: BPJS for a BPJS patient, otherwise Umum. */
export const paymentFor = (patient: Patient): Payment =>
  patient.insurance_type?.trim().toUpperCase() === 'BPJS' ? 'BPJS' : 'UMUM';

export interface PatientForm {
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

export const emptyForm = (nik = ''): PatientForm => ({
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

export interface Poli {
  poly_code: string;
  poly_name: string;
}

export interface QuotaEntry {
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

/** What a step says above its fields: an error, an information, the form's alert, per-field errors. */
export interface Messages {
  error: string | null;
  info: string | null;
  formAlert: string | null;
  fieldErrors: Record<string, string>;
}

export const noMessages: Messages = { error: null, info: null, formAlert: null, fieldErrors: {} };

export interface WizardState extends Messages {
  step: StepIndex;
  nik: string;
  patient: Patient | null;
  /** The patient was just registered (step 1 shows their data, not the form, on the way back). */
  registered: boolean;
  form: PatientForm;
  poly: string;
  date: string;
  time: string;
  payment: Payment;
  doctors: QuotaEntry[];
  doctorId: number | '';
  booking: Booking | null;
  /** The poli of the facility: null until loaded. */
  poli: Poli[] | null;
  poliError: string | null;
  busy: boolean;
  refreshing: boolean;
}

/** A fresh wizard; `today` is Jakarta's date, the visit defaults to the next working day. */
export const initialWizard = (today: string): WizardState => ({
  ...noMessages,
  step: 0,
  nik: '',
  patient: null,
  registered: false,
  form: emptyForm(),
  poly: '',
  date: defaultVisitDate(today),
  time: DEFAULT_TIME,
  payment: 'UMUM',
  doctors: [],
  doctorId: '',
  booking: null,
  poli: null,
  poliError: null,
  busy: false,
  refreshing: false,
});

/** The fields a user edits directly, one value at a time. */
export type EditableField = 'nik' | 'poly' | 'date' | 'time' | 'payment' | 'doctorId';

export type WizardAction =
  /** Another key: everything starts over, the poli list too. */
  | { type: 'keyChanged'; today: string }
  /** 'Buat Janji Temu Baru': everything starts over but the facility's poli list. */
  | { type: 'reset'; today: string }
  | { type: 'edit'; patch: Partial<Pick<WizardState, EditableField>> }
  | { type: 'editForm'; patch: Partial<PatientForm> }
  | { type: 'messages'; messages: Partial<Messages> }
  | { type: 'busy'; busy: boolean }
  | { type: 'back' }
  /** The NIK is nobody's: the new-patient form with it, the server's message shown. */
  | { type: 'patientNotFound'; nik: string; info: string }
  /** A patient found or just registered: on to the doctor step, payment following their insurance. */
  | { type: 'patientReady'; patient: Patient; registered: boolean; info?: string }
  | { type: 'poliLoaded'; poli: Poli[]; error: string | null }
  | { type: 'doctorsLoaded'; doctors: QuotaEntry[] }
  | { type: 'booked'; booking: Booking }
  | { type: 'refreshing'; refreshing: boolean }
  | { type: 'bookingRefreshed'; booking: Partial<Booking> };

const clear = (s: WizardState): WizardState => ({ ...s, ...noMessages });

export function wizardReducer(s: WizardState, a: WizardAction): WizardState {
  switch (a.type) {
    case 'keyChanged':
      return initialWizard(a.today);
    case 'reset':
      return { ...initialWizard(a.today), poli: s.poli, poliError: s.poliError };
    case 'edit':
      return { ...s, ...a.patch };
    case 'editForm':
      return { ...s, form: { ...s.form, ...a.patch } };
    case 'messages':
      return { ...s, ...a.messages };
    case 'busy':
      return { ...s, busy: a.busy };
    case 'back':
      return s.step === 0 || s.step === 4 ? s : { ...clear(s), step: (s.step - 1) as StepIndex };
    case 'patientNotFound':
      return {
        ...clear(s),
        step: 1,
        patient: null,
        registered: false,
        form: emptyForm(a.nik),
        info: a.info,
      };
    case 'patientReady':
      return {
        ...clear(s),
        step: 2,
        patient: a.patient,
        registered: a.registered,
        payment: paymentFor(a.patient),
        info: a.info ?? null,
      };
    case 'poliLoaded':
      return { ...s, poli: a.poli, poliError: a.error };
    case 'doctorsLoaded':
      return { ...clear(s), step: 3, doctors: a.doctors, doctorId: '' };
    case 'booked':
      return { ...clear(s), step: 4, booking: a.booking };
    case 'refreshing':
      return { ...s, refreshing: a.refreshing };
    case 'bookingRefreshed':
      return { ...s, booking: { ...s.booking, ...a.booking } };
  }
}

/** Whether the wizard should (re)load the poli list on reaching the doctor step. */
export const needsPoli = (s: Pick<WizardState, 'poli' | 'poliError'>) => !s.poli || !!s.poliError;
