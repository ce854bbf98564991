import type { Queryable } from '../db/db.js';

/**
 * Queue numbers per doctor and day: 1, 2, 3 ... without gaps or duplicates, even when bookings
 * arrive at once on several API processes. The upsert takes the counter row's lock for the rest
 * of the transaction, so the next booking of that doctor and day waits until this one commits
 * (its number kept) or rolls back (its number given back). Everything a booking checks after
 * this (quota, double booking) is therefore seen one booking at a time.
 *
 * `explicit`: a number an operator typed; later numbers follow it.
 */
export async function takeQueueNumber(
  tx: Queryable,
  doctorId: number,
  date: string,
  explicit?: number | null,
): Promise<number> {
  const { rows } = await tx.query<{ last_queue: number }>(
    `INSERT INTO simulator_queue_counters AS c (doctor_id, appointment_date, last_queue)
     VALUES ($1, $2, coalesce($3::int, 1))
     ON CONFLICT (doctor_id, appointment_date)
     DO UPDATE SET last_queue = CASE WHEN $3::int IS NULL THEN c.last_queue + 1
                                     ELSE greatest(c.last_queue, $3::int) END
     RETURNING last_queue`,
    [doctorId, date, explicit ?? null],
  );
  return explicit ?? rows[0].last_queue;
}
