import type { Queryable } from '../db/db.js';
import type { Config } from '../config.js';
import { encryptSecret } from '../security/secret-box.js';
import { DEMO_FACILITY_NAME } from './demo-accounts.js';
import { facilityCode } from '../../domain/facility-integration.js';

/**
 * Demo parameters and connections for a few facilities (the demo operator's among them), so the
 * integrated facilities screen has something to show and test: the sandbox of each is the
 * server itself (on the outbound allow-list), production a name that does not resolve, and the
 * gateway configs cover every status (enabled, disabled, not configured, invalid). Once per database.
 */
export async function seedFacilityIntegration(q: Queryable, config: Pick<Config, 'port' | 'secretKey'>) {
  // Only once: a second load into the same database leaves facilities that have some alone.
  const { rows: done } = await q.query('SELECT 1 FROM facility_connections LIMIT 1');
  if (done.length) return;
  const { rows } = await q.query<{ id: number; name: string; type: string }>(
    `(SELECT id, name, type FROM medical_facilities WHERE name = $1 ORDER BY id LIMIT 1)
     UNION
     (SELECT id, name, type FROM medical_facilities WHERE name <> $1 ORDER BY id LIMIT 4)
     ORDER BY id`,
    [DEMO_FACILITY_NAME],
  );
  const sandbox = `http://localhost:${config.port}/api/health`;
  const gateways: (object | string | null)[] = [
    { enabled: true, new_base_url: sandbox, description: 'Gateway Dinas Kesehatan (sandbox)' },
    { enabled: false, new_base_url: 'https://gateway.dinkes.example.id', description: 'Belum aktif' },
    null,
    '{enabled: ya',
    { enabled: true, new_base_url: sandbox, description: 'Gateway Dinas Kesehatan (sandbox)' },
  ];
  for (const [i, f] of rows.entries()) {
    const slug = f.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const params = [
      ['KODE_FASKES', facilityCode(f.type, f.id), 'Kode fasilitas di Dinas Kesehatan', null],
      ['POLI', 'UMU', 'Poli Umum', 'Y'],
      ['POLI', 'GIG', 'Poli Gigi', 'Y'],
      ['BPJS_PPK', `0${String(1000 + f.id)}`, 'Kode PPK BPJS Kesehatan', null],
    ];
    for (const [type, value, description, flagpoly] of params) {
      await q.query(
        `INSERT INTO facility_params (medical_facility_id, type, value, description, flagpoly) VALUES ($1, $2, $3, $4, $5)`,
        [f.id, type, value, description, flagpoly],
      );
    }
    const gateway = gateways[i % gateways.length];
    await q.query(
      `INSERT INTO facility_connections (medical_facility_id, code, production_base_url, sandbox_base_url,
              x_username, x_password_encrypted, properties, resources, gateway_config)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb)`,
      [
        f.id,
        'SIMRS',
        `https://simrs.${slug}.example.id/api`,
        sandbox,
        `integrasi-${f.id}`,
        encryptSecret(`demo-${slug}`, config.secretKey),
        JSON.stringify({ timeout_ms: 5000, retries: 1, auth_type: 'header', api_version: 'v1' }),
        JSON.stringify({
          patients: '/pasien',
          appointments: '/antrean',
          schedules: '/jadwal',
          doctors: '/dokter',
        }),
        gateway === null ? null : JSON.stringify(gateway),
      ],
    );
  }
}
