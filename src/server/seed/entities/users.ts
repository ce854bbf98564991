/**
 * The demo city's app users (spec part 2 §3 'User'): a few hundred at the default size (6 % of
 * the patients, at least 200), about four in five verified, about a third using medicine
 * delivery. Deterministic from the plan's seed and date; every row shares one password hash,
 * computed once per load (an Argon2id hash per row would take minutes at the 1M city).
 */
import { faker as fakerID_ID } from '@faker-js/faker/locale/id_ID';
import type { Queryable } from '../../db/db.js';
import { hashPassword } from '../../security/passwords.js';
import { MINUTE_MS, iso, jakartaInstant } from '../calendar.js';
import { EMAIL_DOMAINS } from '../city-data.js';
import { HISTORY_DAYS, type CityPlan } from '../generate.js';
import { Rng } from '../random.js';

/** The password of every demo app user. */
export const DEMO_APP_USER_PASSWORD = 'pengguna123';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  verified: boolean;
  has_medicine_delivery: boolean;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export const userCount = (plan: CityPlan) => Math.max(200, Math.round(plan.patients * 0.06));

/** Whether demo user j uses medicine delivery (deliveries pick their users by it). */
export const usesDelivery = (plan: CityPlan, j: number) =>
  new Rng(plan.seed, 'user-delivery', j).chance(0.35);

const defs = fakerID_ID.rawDefinitions.person!;
const FIRST = [...(defs.first_name as any).male, ...(defs.first_name as any).female] as string[];
const LAST = [...(defs.last_name as any).male, ...(defs.last_name as any).female] as string[];
const local = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '');

/** Users j = 0 .. userCount-1, with ids from `base`. */
export function* userRows(plan: CityPlan, passwordHash: string, base = 1): Generator<UserRow> {
  const n = userCount(plan);
  for (let j = 0; j < n; j++) {
    const rng = new Rng(plan.seed, 'user', j);
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    // Registered over the last year, the older accounts more often verified.
    const day = plan.today - rng.int(1, 2 * HISTORY_DAYS);
    const created = jakartaInstant(day, rng.int(6 * 60, 23 * 60)) + rng.int(0, 59) * 1000;
    const verified = rng.chance(0.8);
    const verifiedAt = verified ? created + rng.int(2, 3 * 24 * 60) * MINUTE_MS : null;
    yield {
      id: base + j,
      name: `${first} ${last}`,
      // The index keeps every address unique (the e-mail is unique whatever its case).
      email: `${local(first)}.${local(last)}${j + 1}@${rng.pick(EMAIL_DOMAINS)}`,
      password_hash: passwordHash,
      verified,
      has_medicine_delivery: usesDelivery(plan, j),
      email_verified_at: verifiedAt === null ? null : iso(verifiedAt),
      created_at: iso(created),
      updated_at: iso(verifiedAt ?? created),
    };
  }
}

/** The column order and types the loader writes users with. */
export const USER_COLUMNS = [
  ['id', 'int'],
  ['name', 'text'],
  ['email', 'text'],
  ['password_hash', 'text'],
  ['verified', 'bool'],
  ['has_medicine_delivery', 'bool'],
  ['email_verified_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

/** `INSERT ... SELECT * FROM unnest(...)` of rows in chunks, one array parameter per column. */
export async function insertByColumns(
  q: Queryable,
  table: string,
  columns: readonly (readonly [string, string])[],
  rows: readonly object[],
  chunk = 10_000,
): Promise<void> {
  const sql = `INSERT INTO ${table} (${columns.map(([c]) => c).join(', ')})
     SELECT * FROM unnest(${columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`;
  for (let from = 0; from < rows.length; from += chunk) {
    const slice = rows.slice(from, from + chunk) as Record<string, unknown>[];
    await q.query(
      sql,
      columns.map(([c]) => slice.map((r) => r[c] ?? null)),
    );
  }
}

/** The first id free in `table` (rows carry explicit ids; the sequence is moved past them after). */
export async function nextId(q: Queryable, table: string): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT (coalesce(max(id), 0) + 1)::int AS id FROM ${table}`,
  );
  return rows[0].id;
}

export async function moveSequence(q: Queryable, table: string): Promise<void> {
  await q.query(
    `SELECT setval(pg_get_serial_sequence('${table}', 'id'), max(id)) FROM ${table} HAVING max(id) IS NOT NULL`,
  );
}

/** Writes the demo users; returns them (their ids and flags feed the deliveries). */
export async function insertUsers(q: Queryable, plan: CityPlan): Promise<{ base: number; count: number }> {
  const base = await nextId(q, 'users');
  const hash = await hashPassword(DEMO_APP_USER_PASSWORD);
  const rows = [...userRows(plan, hash, base)];
  await insertByColumns(q, 'users', USER_COLUMNS, rows);
  await moveSequence(q, 'users');
  return { base, count: rows.length };
}
