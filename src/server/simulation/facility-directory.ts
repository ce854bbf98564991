import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { envelope, ERROR_RESPONSES } from './envelope.js';
import {
  DATE,
  facilityRoute,
  listOf,
  listQuery,
  listResponse,
  page,
  type PageQuery,
} from './facility-shared.js';

/** GET /doctors: the key's facility's doctors with their weekly schedules (by name or poli). */
function registerDoctorList(scope: FastifyInstance, db: Db) {
  scope.get(
    '/doctors',
    facilityRoute('The key’s facility’s doctors with their weekly schedules', {
      querystring: {
        ...listQuery,
        properties: { ...listQuery.properties, poly: { type: 'string', maxLength: 100 } },
      },
      response: { 200: listResponse(), ...ERROR_RESPONSES },
    }),
    async (request) => {
      const q = request.query as PageQuery & { search?: string; poly?: string };
      const { rows } = await db.query(
        `SELECT d.id, d.nip, d.name, d.specialization, d.sub_specialization, d.consultation_fee, d.is_available,
                    d.experience_years, d.facility_name,
                    coalesce((SELECT json_agg(json_build_object('id', s.id, 'poly_code', s.poly_code, 'poly_name', s.poly_name,
                               'day_of_week', s.day_of_week, 'start_time', s.start_time, 'end_time', s.end_time,
                               'max_patients', s.max_patients, 'room_number', s.room_number) ORDER BY s.day_of_week, s.start_time)
                                FROM simulator_schedules s WHERE s.doctor_id = d.id AND s.is_active), '[]') AS schedules
               FROM simulator_doctors d
              WHERE d.medical_facility_id = $1
                AND ($4::text IS NULL OR d.name ILIKE '%' || $4 || '%' OR d.specialization ILIKE '%' || $4 || '%')
                AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM simulator_schedules s WHERE s.doctor_id = d.id
                      AND s.is_active AND (upper(s.poly_code) = upper($5) OR upper(s.poly_name) = upper($5))))
              ORDER BY d.name, d.id LIMIT $2 OFFSET $3`,
        [request.sandboxKey!.medical_facility_id, ...page(q), q.search || null, q.poly || null],
      );
      return listOf(rows, q);
    },
  );
}

/** GET /appointments: the key's facility's appointments, newest date first. */
function registerAppointmentList(scope: FastifyInstance, db: Db) {
  scope.get(
    '/appointments',
    facilityRoute('The key’s facility’s appointments (newest date first)', {
      querystring: {
        ...listQuery,
        properties: { ...listQuery.properties, date: DATE, status: { type: 'string', maxLength: 20 } },
      },
      response: { 200: listResponse(), ...ERROR_RESPONSES },
    }),
    async (request) => {
      const q = request.query as PageQuery & { date?: string; status?: string };
      const { rows } = await db.query(
        `SELECT id, booking_id, booking_id AS booking_code, patient_id, patient_name, patient_nik, doctor_id,
                    doctor_name, specialization, appointment_date, start_time, end_time, queue_number, status, poly
               FROM simulator_appointments
              WHERE medical_facility_id = $1 AND ($4::date IS NULL OR appointment_date = $4::date)
                AND ($5::text IS NULL OR status = $5)
              ORDER BY appointment_date DESC, queue_number LIMIT $2 OFFSET $3`,
        [request.sandboxKey!.medical_facility_id, ...page(q), q.date ?? null, q.status ?? null],
      );
      return listOf(rows, q);
    },
  );
}

/** GET /facilities: the sandbox facilities as a directory. */
function registerFacilityList(scope: FastifyInstance, db: Db) {
  scope.get(
    '/facilities',
    facilityRoute('The sandbox facilities (a directory: names, codes, types, hours, services)', {
      querystring: listQuery,
      response: { 200: listResponse(), ...ERROR_RESPONSES },
    }),
    async (request) => {
      const q = request.query as PageQuery & { search?: string };
      const { rows } = await db.query(
        `SELECT id, name, facility_code, type, level, address, phone, email, capacity, operational_hours,
                    services, medical_facility_id
               FROM simulator_facilities
              WHERE ($3::text IS NULL OR name ILIKE '%' || $3 || '%' OR facility_code ILIKE $3 || '%')
              ORDER BY name, id LIMIT $1 OFFSET $2`,
        [...page(q), q.search || null],
      );
      return listOf(rows, q);
    },
  );
}

/** GET /simulator/poli: the key's facility's active poli (one page of up to 100). */
function registerPoliList(scope: FastifyInstance, db: Db) {
  scope.get(
    '/simulator/poli',
    facilityRoute('The key’s facility’s active poli', {
      response: { 200: listResponse(), ...ERROR_RESPONSES },
    }),
    async (request) => {
      const { rows } = await db.query(
        `SELECT poly_code, poly_name, poly_description FROM simulator_poli
              WHERE medical_facility_id = $1 AND is_active ORDER BY poly_name LIMIT 100`,
        [request.sandboxKey!.medical_facility_id],
      );
      return envelope({ data: rows, pagination: { page: 1, limit: 100, count: rows.length } });
    },
  );
}

/** The facility API's directory lists: doctors, appointments, facilities and poli, in that order. */
export function registerDirectoryRoutes(scope: FastifyInstance, db: Db) {
  registerDoctorList(scope, db);
  registerAppointmentList(scope, db);
  registerFacilityList(scope, db);
  registerPoliList(scope, db);
}
