/**
 * The E-Registrasi wizard's transitions (spec part 2 §4 'Mobile wizard'), its default visit day,
 * the payment a patient's insurance implies, the dates it accepts, and the key it opens with.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultVisitDate,
  initialWizard,
  parseDay,
  paymentFor,
  wizardReducer,
  type Patient,
  type WizardAction,
  type WizardState,
} from '../../src/app/pages/mobile-simulator/wizard';
import { keyOrder } from '../../src/app/pages/mobile-simulator/keys';
import type { KeyOption } from '../../src/app/pages/mobile-simulator/client';

const TODAY = '2026-11-25'; // a Wednesday
const run = (actions: WizardAction[], from: WizardState = initialWizard(TODAY)) =>
  actions.reduce(wizardReducer, from);

const bpjs: Patient = {
  nik: '3171014107930001',
  name: 'Siti',
  insurance_type: 'BPJS',
  no_jkn: '0001234567890',
};
const umum: Patient = { nik: '3171010101900002', name: 'Budi', insurance_type: 'Umum' };

describe('the visit day a new wizard proposes', () => {
  it('is tomorrow in Jakarta, or Monday when tomorrow is a Sunday', () => {
    expect(initialWizard(TODAY).date).toBe('2026-11-26');
    expect(defaultVisitDate('2026-11-28')).toBe('2026-11-30'); // Saturday → Monday
    expect(defaultVisitDate('2026-12-31')).toBe('2027-01-01'); // over the year's end
    expect(defaultVisitDate('2028-02-28')).toBe('2028-02-29');
  });
});

describe('wizardReducer', () => {
  it('a found patient goes from step 0 to step 2, payment following their insurance', () => {
    const s = run([
      { type: 'edit', patch: { nik: bpjs.nik } },
      { type: 'patientReady', patient: bpjs, registered: false },
    ]);
    expect(s).toMatchObject({ step: 2, patient: bpjs, registered: false, payment: 'BPJS' });
    expect(run([{ type: 'patientReady', patient: umum, registered: false }]).payment).toBe('UMUM');
    expect(
      run([
        { type: 'patientReady', patient: { ...umum, insurance_type: 'Asuransi Swasta' }, registered: false },
      ]).payment,
    ).toBe('UMUM');
  });

  it("a second patient replaces the first one's payment; the user may still change it", () => {
    const s = run([
      { type: 'patientReady', patient: bpjs, registered: false },
      { type: 'edit', patch: { payment: 'UMUM' } },
    ]);
    expect(s.payment).toBe('UMUM');
    expect(
      run([{ type: 'back' }, { type: 'back' }, { type: 'patientReady', patient: bpjs, registered: false }], s)
        .payment,
    ).toBe('BPJS');
  });

  it("an unknown NIK opens the new-patient form holding it, with the server's message", () => {
    const s = run([
      { type: 'messages', messages: { error: 'old' } },
      { type: 'patientNotFound', nik: '3171016107930009', info: 'Data pasien tidak ditemukan' },
    ]);
    expect(s).toMatchObject({ step: 1, patient: null, error: null, info: 'Data pasien tidak ditemukan' });
    expect(s.form.nik).toBe('3171016107930009');
    expect(s.form.maritalStatus).toBe('single');
  });

  it('registration leads to step 2 with its information; back shows the patient, then the NIK', () => {
    const s = run([
      { type: 'patientNotFound', nik: bpjs.nik, info: 'x' },
      { type: 'editForm', patch: { name: 'Siti' } },
      { type: 'patientReady', patient: bpjs, registered: true, info: 'Pasien berhasil didaftarkan' },
    ]);
    expect(s).toMatchObject({ step: 2, registered: true, info: 'Pasien berhasil didaftarkan' });
    const back = run([{ type: 'back' }], s);
    expect(back).toMatchObject({ step: 1, patient: bpjs, info: null });
    expect(run([{ type: 'back' }], back).step).toBe(0);
    expect(run([{ type: 'back' }, { type: 'back' }], back).step).toBe(0);
  });

  it('doctors loaded: step 3 with no doctor chosen; booked: step 4, where back does nothing', () => {
    const doctors = [
      { id: 1, doctor_id: 7, doctor_name: 'dr. A', start_time: '09:00', end_time: '10:00', quota_left: 3 },
    ];
    const s = run([
      { type: 'patientReady', patient: umum, registered: false },
      { type: 'edit', patch: { doctorId: 9 } },
      { type: 'doctorsLoaded', doctors },
    ]);
    expect(s).toMatchObject({ step: 3, doctors, doctorId: '' });
    const booked = run(
      [
        { type: 'edit', patch: { doctorId: 7 } },
        { type: 'booked', booking: { booking_code: 'APT1' } },
      ],
      s,
    );
    expect(booked).toMatchObject({ step: 4, booking: { booking_code: 'APT1' } });
    expect(run([{ type: 'back' }], booked)).toBe(booked);
    const refreshed = run([{ type: 'bookingRefreshed', booking: { queue_number: 4 } }], booked);
    expect(refreshed.booking).toEqual({ booking_code: 'APT1', queue_number: 4 });
  });

  it("'Buat Janji Temu Baru' starts over but keeps the poli; another key forgets them", () => {
    const poli = [{ poly_code: 'UMU', poly_name: 'Poli Umum' }];
    const s = run([
      { type: 'poliLoaded', poli, error: null },
      { type: 'patientReady', patient: bpjs, registered: false },
      { type: 'edit', patch: { poly: 'UMU', time: '11:00' } },
      { type: 'booked', booking: { booking_code: 'APT1' } },
    ]);
    const fresh = run([{ type: 'reset', today: '2026-11-27' }], s);
    expect(fresh).toEqual({ ...initialWizard('2026-11-27'), poli });
    expect(run([{ type: 'keyChanged', today: TODAY }], s)).toEqual(initialWizard(TODAY));
  });

  it('does not change the state it is given', () => {
    const s = initialWizard(TODAY);
    const copy = structuredClone(s);
    run(
      [
        { type: 'patientReady', patient: bpjs, registered: false },
        { type: 'editForm', patch: { name: 'x' } },
      ],
      s,
    );
    expect(s).toEqual(copy);
  });
});

describe('paymentFor', () => {
  it('is BPJS only for a BPJS patient', () => {
    expect(paymentFor(bpjs)).toBe('BPJS');
    expect(paymentFor({ ...bpjs, insurance_type: ' bpjs ' })).toBe('BPJS');
    expect(paymentFor({ ...bpjs, insurance_type: null })).toBe('UMUM');
  });
});

describe('parseDay', () => {
  it('reads dd/MM/yyyy (and YYYY-MM-DD) into YYYY-MM-DD, refusing days that do not exist', () => {
    expect(parseDay('26/11/2026')).toBe('2026-11-26');
    expect(parseDay(' 1/2/2027 ')).toBe('2027-02-01');
    expect(parseDay('2026-11-26')).toBe('2026-11-26');
    expect(parseDay('29/02/2028')).toBe('2028-02-29');
    expect(parseDay('29/02/2027')).toBeNull();
    expect(parseDay('11/26/2026')).toBeNull();
    expect(parseDay('26-11-2026')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});

describe('keyOrder', () => {
  const key = (id: number) => ({ id, facility_name: `F${id}`, facility_code: `C${id}` }) as KeyOption;
  const list = [key(3), key(5), key(8)];
  it('tries the last key used first, then the list in its order', () => {
    expect(keyOrder(list, 8).map((k) => k.id)).toEqual([8, 3, 5]);
    expect(keyOrder(list, null).map((k) => k.id)).toEqual([3, 5, 8]);
    expect(keyOrder(list, 99).map((k) => k.id)).toEqual([3, 5, 8]);
  });
});
