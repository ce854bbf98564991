/**
 * The demo sandbox's medicine delivery orders (spec part 2 'Simulator Delivery'): a few orders
 * per simulated facility, drawn from the city's own demo deliveries (the facility's first, then
 * others, a different third of them for each facility), so /simulator/delivery opens on rows in every status instead of an empty table.
 */
import type { Queryable } from '../../db/db.js';

/** Orders a simulated facility starts with. */
export const SANDBOX_DELIVERIES_PER_FACILITY = 6;

/** Writes the sandbox orders of one simulated facility (its code names them); returns how many. */
export async function seedSandboxDeliveries(
  q: Queryable,
  facility: { medicalFacilityId: number; code: string; address: string; index: number },
): Promise<number> {
  const { rowCount } = await q.query(
    `INSERT INTO simulator_deliveries (order_id, delivery_id, user_id, medical_facility_id, hospital_address,
       hospital_latitude, hospital_longitude, medicine_count, medicine_weight, patient_nik, patient_address,
       patient_kota, patient_kecamatan, patient_kode_pos, patient_latitude, patient_longitude, delivery_status,
       delivery_price, created_at)
     SELECT 'SBX-' || $2 || '-' || lpad(row_number() OVER (ORDER BY d.id)::text, 4, '0'),
            CASE WHEN d.delivery_id IS NULL THEN NULL ELSE 'SBX-' || d.delivery_id END,
            d.user_id, $1, $3, d.hospital_latitude, d.hospital_longitude, d.medicine_count, d.medicine_weight,
            d.patient_nik, d.patient_address, d.patient_kota, d.patient_kecamatan, d.patient_kode_pos,
            d.patient_latitude, d.patient_longitude, d.delivery_status, d.delivery_price, d.created_at
       FROM (SELECT * FROM deliveries
              ORDER BY (medical_facility_id = $1) DESC, (id % 3 = $5) DESC, id LIMIT $4) d
     ON CONFLICT DO NOTHING`,
    [
      facility.medicalFacilityId,
      facility.code,
      facility.address,
      SANDBOX_DELIVERIES_PER_FACILITY,
      facility.index % 3,
    ],
  );
  return rowCount ?? 0;
}
