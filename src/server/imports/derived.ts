/**
 * Stored columns a batch write computes in its own statement, with one join for the whole
 * batch, where a row trigger would look them up one row at a time: a patient's kecamatan from
 * its district (the rule of patients_locate_trg, migration 002; since migration 024 the
 * trigger runs only for rows that arrive without one). Filled when the file holds the column
 * they come `from`.
 */
export interface DerivedColumn {
  column: string;
  from: string;
  /** Joined to the batch's rows `r`. */
  join: string;
  /** The column's value, from the join. */
  value: string;
}

export const BULK_DERIVED: Record<string, DerivedColumn[]> = {
  patients: [
    {
      column: 'kecamatan_code',
      from: 'district',
      join: `LEFT JOIN (SELECT DISTINCT ON (lower(name)) lower(name) AS name_key, code FROM areas
                         WHERE level = 'kecamatan' ORDER BY lower(name), code) kecamatan
               ON kecamatan.name_key = lower(trim(r.district))`,
      value: 'kecamatan.code',
    },
  ],
};
