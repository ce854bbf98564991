/**
 * The twelve master poli of the demo (spec part 2 §9), with the BPJS-style codes the demo
 * appointments use (city-data.ts POLIS). Written at first start, on both load paths (PGlite
 * inserts, PostgreSQL COPY); kept when already there.
 */
import type { Queryable } from '../../db/db.js';
import { POLIS } from '../city-data.js';

const DESCRIPTIONS: Record<string, string> = {
  Umum: 'Pemeriksaan dan pengobatan umum oleh dokter umum',
  Anak: 'Kesehatan bayi, anak dan remaja, termasuk tumbuh kembang dan imunisasi',
  Kandungan: 'Kehamilan, persalinan dan kesehatan reproduksi wanita',
  Mata: 'Pemeriksaan penglihatan dan penyakit mata',
  THT: 'Penyakit telinga, hidung dan tenggorokan',
  Kulit: 'Penyakit kulit dan kelamin',
  Saraf: 'Penyakit saraf, termasuk stroke dan nyeri kepala',
  Jantung: 'Penyakit jantung dan pembuluh darah',
  Paru: 'Penyakit paru dan saluran pernapasan, termasuk TB',
  Jiwa: 'Kesehatan jiwa dan gangguan perilaku',
  Gigi: 'Perawatan gigi dan mulut',
  Bedah: 'Konsultasi dan tindakan bedah umum',
};

export interface PoliRow {
  poly_code: string;
  poly_name: string;
  description: string;
  is_bpjs_available: boolean;
  is_active: boolean;
}

export const POLI_ROWS: PoliRow[] = POLIS.map((p) => ({
  poly_code: p.code,
  poly_name: p.name,
  description: DESCRIPTIONS[p.name] ?? '',
  is_bpjs_available: true,
  is_active: true,
}));

/** Writes the demo poli (a code already there is left as it is). */
export async function insertPoli(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH added AS (
       INSERT INTO master_poli (poly_code, poly_name, description, is_bpjs_available, is_active)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bool[], $5::bool[])
       ON CONFLICT (poly_code) DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM added`,
    [
      POLI_ROWS.map((r) => r.poly_code),
      POLI_ROWS.map((r) => r.poly_name),
      POLI_ROWS.map((r) => r.description),
      POLI_ROWS.map((r) => r.is_bpjs_available),
      POLI_ROWS.map((r) => r.is_active),
    ],
  );
  return rows[0].n;
}
