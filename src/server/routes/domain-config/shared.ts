/** What the gateway configuration routes share: messages, schemas, the connection query and checks. */
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../plugins/errors.js';
import { OutboundRefused } from '../../outbound/index.js';
import { parseTargetUrl } from '../../outbound/guard.js';

export const TARGET_REQUIRED = 'Minimal satu URL tujuan wajib diisi';
export const CONNECTION_REQUIRED = 'Koneksi wajib dipilih';
export const FACILITY_CODE_REQUIRED = 'Kode fasilitas wajib diisi';
export const NOT_CONFIGURED = 'Tidak dapat diaktifkan: konfigurasi gateway tidak ditemukan';
export const CONNECTION_NOT_FOUND = 'Koneksi tidak ditemukan';
export const CONFIG_CHANGED =
  'Konfigurasi gateway ini telah diubah oleh pengguna lain. Muat ulang lalu ulangi perubahan Anda.';
export const CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,49}$';
export const CODE_MESSAGE = 'Kode fasilitas hanya huruf, angka, - dan _ (maksimal 50 karakter)';

export const access = { menus: ['/master/domain-config'] };
export const tags = ['admin/domain'];
export const TABLE = 'domain_configs';

export type DomainStatus = 'active' | 'inactive' | 'not_configured';

/** Spec §4: Active & Configured, Configured but Inactive, Not Configured. */
export const statusOf = (hasConfig: boolean, isActive: boolean): DomainStatus =>
  !hasConfig ? 'not_configured' : isActive ? 'active' : 'inactive';

const url = { type: ['string', 'null'], maxLength: 2000 };
export const connection = {
  type: 'object',
  properties: {
    id: { type: ['integer', 'null'] },
    connection_id: { type: 'integer' },
    code: { type: 'string' },
    medical_facility_id: { type: 'integer' },
    facility_name: { type: 'string' },
    facility_code: { type: ['string', 'null'] },
    production_base_url: { type: ['string', 'null'] },
    sandbox_base_url: { type: ['string', 'null'] },
    target_production_url: { type: ['string', 'null'] },
    target_sandbox_url: { type: ['string', 'null'] },
    has_domain_config: { type: 'boolean' },
    is_active: { type: 'boolean' },
    status: { type: 'string' },
    gateway_path: { type: ['string', 'null'] },
    version: { type: ['integer', 'null'] },
    updated_at: { type: ['string', 'null'], format: 'date-time' },
  },
};

export const SELECT = `SELECT d.id, c.id AS connection_id, c.code, c.medical_facility_id, f.name AS facility_name,
       COALESCE(d.facility_code,
                (SELECT p.value FROM facility_params p
                  WHERE p.medical_facility_id = c.medical_facility_id AND p.type = 'KODE_FASKES'
                  ORDER BY p.id LIMIT 1)) AS facility_code,
       c.production_base_url, c.sandbox_base_url, d.target_production_url, d.target_sandbox_url,
       (d.id IS NOT NULL) AS has_domain_config, COALESCE(d.is_active, false) AS is_active,
       d.version, d.updated_at
  FROM facility_connections c
  JOIN medical_facilities f ON f.id = c.medical_facility_id
  LEFT JOIN ${TABLE} d ON d.connection_id = c.id`;

export const withStatus = (row: Record<string, any>) => ({
  ...row,
  status: statusOf(row.has_domain_config, row.is_active),
  gateway_path: row.has_domain_config ? `/api/gateway/${row.facility_code}` : null,
});

/** Blank URLs are absent; a given one must be an http(s) URL without credentials. */
export function readTargets(body: Record<string, any>, errors: Record<string, string>) {
  const out: Record<string, string | null> = {};
  for (const field of ['target_production_url', 'target_sandbox_url']) {
    if (!(field in body)) continue;
    const raw = typeof body[field] === 'string' ? body[field].trim() : null;
    if (!raw) {
      out[field] = null;
      continue;
    }
    try {
      out[field] = parseTargetUrl(raw).toString().replace(/\/$/, '');
    } catch (err) {
      if (err instanceof OutboundRefused) errors[field] = err.message;
      else throw err;
    }
  }
  return out;
}

export function fail(errors: Record<string, string>) {
  if (Object.keys(errors).length) throw new AppError(400, Object.values(errors)[0], errors);
}

export const CONFIG_NOT_FOUND = 'Konfigurasi gateway tidak ditemukan';

export async function loadConfig(
  q: Queryable,
  id: number,
  scope: number | null,
  notFound = CONFIG_NOT_FOUND,
) {
  const { rows } = await q.query(
    `SELECT * FROM ${TABLE} WHERE id = $1 ${scope === null ? '' : 'AND medical_facility_id = $2'}
     FOR UPDATE`,
    scope === null ? [id] : [id, scope],
  );
  if (!rows[0]) throw new AppError(404, notFound);
  return rows[0];
}

export async function answerFor(q: Queryable, configId: number) {
  const { rows } = await q.query(`${SELECT} WHERE d.id = $1`, [configId]);
  return withStatus(rows[0]);
}

export const bodyProps = {
  facility_code: { type: ['string', 'null'], maxLength: 50 },
  connection_id: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 20 }, { type: 'null' }] },
  target_production_url: url,
  target_sandbox_url: url,
  is_active: { type: 'boolean' },
  version: { type: 'integer' },
};
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
};
