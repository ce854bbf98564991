/**
 * `npm run new:migration`: the declarations agree with what the migrations build (the check the
 * test suite runs), and a field added to a schema is named by the check, written as a migration
 * that makes the check pass, and then stored by the API, which refuses a value outside its choices.
 * On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  dbTargets,
  dropTestSchema,
  startTestApp,
  testConfig,
  DEMO_EMAILS,
  type DbKind,
  type TestApp,
} from './helper';
import {
  ALL_DECLARATIONS,
  checkChoices,
  compare,
  migratedDatabase,
  migrationSql,
} from '../../scripts/new-migration-lib';
import { scaffoldResource } from '../../scripts/new-resource-lib';
import { dbOptions } from '../../src/server/config';
import { openDb, type Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { RESOURCES } from '../../src/resources';
import type { JsonSchema, ResourceDeclaration } from '../../src/domain/resource';
import { makeNik } from '../../src/domain/nik';
import { MEDICINES_SCHEMA } from '../fixtures/medicines-schema';

/** A database with every migration applied, and how to be rid of it. */
async function migrated(kind: DbKind): Promise<{ db: Db; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await migratedDatabase();
    return { db, close: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = await openDb({
    ...dbOptions({ ...testConfig(), databaseUrl: process.env.TEST_DATABASE_URL }),
    schema,
  });
  await migrate(db);
  return {
    db,
    close: async () => {
      await db.close();
      await dropTestSchema(schema);
    },
  };
}

/** `decl` with one more schema property. */
const withField = (
  decl: ResourceDeclaration,
  name: string,
  field: string,
  p: JsonSchema,
): ResourceDeclaration => ({
  ...decl,
  name,
  schema: { ...decl.schema, properties: { ...decl.schema.properties, [field]: p } },
});

const patients = RESOURCES.find((d) => d.name === 'master/patients')!;
const COLOR = { type: ['string', 'null'], title: 'Warna favorit', enum: ['merah', 'hijau', 'biru', null] };

describe('the CHECK of a column’s choices, as PostgreSQL writes it back', () => {
  it('reads the values of a list, of one value and of a nullable list; not other CHECKs', () => {
    expect(checkChoices(`CHECK ((gender = ANY (ARRAY['L'::bpchar, 'P'::bpchar])))`, 'gender')).toEqual([
      'L',
      'P',
    ]);
    expect(checkChoices(`CHECK ((kind = 'a''b'::text))`, 'kind')).toEqual(["a'b"]);
    expect(
      checkChoices(`CHECK (((type IS NULL) OR (type = ANY (ARRAY['RSUD'::text, 'KLINIK'::text]))))`, 'type'),
    ).toEqual(['RSUD', 'KLINIK']);
    expect(checkChoices('CHECK ((journey_type = upper(journey_type)))', 'journey_type')).toBeUndefined();
    expect(checkChoices('CHECK ((medicine_count >= 1))', 'medicine_count')).toBeUndefined();
  });
});

describe.each(dbTargets())('npm run new:migration (%s)', (kind) => {
  it('finds the declarations and the migrations in agreement (npm run new:migration -- --check)', async () => {
    const { db, close } = await migrated(kind);
    try {
      const diffs = await compare(db, ALL_DECLARATIONS);
      // Each difference by name: run `npm run new:migration -- <label>` to write their migration.
      expect(diffs.map((d) => d.message)).toEqual([]);
    } finally {
      await close();
    }
    // The first database of a new set of migrations builds its template (seconds on a busy machine).
  }, 120_000);

  it("a generated entity's table agrees with its declaration, and a field added to it is named", async () => {
    const scaffold = scaffoldResource('test-gadgets', MEDICINES_SCHEMA, 900);
    const { db, close } = await migrated(kind);
    try {
      await db.exec(scaffold.files[2].content);
      expect((await compare(db, [scaffold.decl])).map((d) => d.message)).toEqual([]);
      const wider = withField(scaffold.decl, scaffold.decl.name, 'weight_kg', { type: ['number', 'null'] });
      const diffs = await compare(db, [wider]);
      expect(diffs.map((d) => d.message)).toEqual(['test_gadgets.weight_kg: no column (double precision)']);
      await db.exec(migrationSql('901_add_weight_kg.sql', diffs));
      expect(await compare(db, [wider])).toEqual([]);
      // A sort on a column the table has not: its list index is named, and no migration can help.
      const unsortable = await compare(db, [{ ...wider, sortable: [...(wider.sortable ?? []), 'shelf'] }]);
      expect(unsortable.map((d) => d.message)).toEqual([
        expect.stringMatching(
          /^test_gadgets: list index test_gadgets_list_sort_shelf_\w+ cannot be built \(column "shelf" does not exist\)/,
        ),
      ]);
      expect(unsortable[0].sql).toEqual([]);
    } finally {
      await close();
    }
  });

  it('names a changed type, NOT NULL, default, choices, natural key, foreign key and a stray column; its migration removes them', async () => {
    const scaffold = scaffoldResource('test-widgets', MEDICINES_SCHEMA, 900);
    const decl = { ...scaffold.decl, naturalKey: ['code'] };
    const { db, close } = await migrated(kind);
    try {
      await db.exec(scaffold.files[2].content);
      await db.exec(`ALTER TABLE test_widgets
        ALTER COLUMN price TYPE double precision,
        ALTER COLUMN name DROP NOT NULL,
        ALTER COLUMN is_active DROP DEFAULT,
        DROP CONSTRAINT test_widgets_unit_check,
        DROP CONSTRAINT test_widgets_medical_facility_id_fkey,
        ADD COLUMN leftover text`);
      await db.exec(
        `ALTER TABLE test_widgets ADD CONSTRAINT test_widgets_unit_check CHECK (unit IN ('tablet', 'kapsul'))`,
      );
      const diffs = await compare(db, [decl]);
      expect(diffs.map((d) => d.message)).toEqual([
        "test_widgets.name: nullable, the declaration's is NOT NULL",
        "test_widgets.unit: CHECK allows tablet, kapsul, the declaration's are tablet, kapsul, botol",
        "test_widgets.price: type double precision, the declaration's is numeric(16,2)",
        "test_widgets.is_active: default none, the declaration's is true",
        'test_widgets.leftover: a column no field names (not in the schema, nor in serverColumns)',
        'test_widgets.(code): no unique index of the natural key',
        'test_widgets.medical_facility_id: no foreign key to medical_facilities (its facilityColumn)',
      ]);
      await db.exec(migrationSql('901_widgets.sql', diffs));
      expect(await compare(db, [decl])).toEqual([]);
    } finally {
      await close();
    }
  });

  describe('a field added to the patient schema', () => {
    const colored = withField(patients, 'master/patients-colored', 'favorite_color', COLOR);
    let t: TestApp;
    let admin: string;
    let named: string[];
    let sql: string;
    let after: string[];

    beforeAll(async () => {
      t = await startTestApp(kind, {
        patients: 5,
        resources: [colored],
        // What the maintainer does: the check names the field, the command writes its migration.
        beforeBuild: async (db) => {
          const diffs = await compare(db, [colored]);
          named = diffs.map((d) => d.message);
          sql = migrationSql('032_add_favorite_color.sql', diffs);
          await db.exec(sql);
          after = (await compare(db, [colored])).map((d) => d.message);
        },
      });
      admin = await t.login(DEMO_EMAILS.admin);
    });
    afterAll(() => t?.close());

    it('is named by the check, and the written migration brings the table to it', () => {
      expect(named).toEqual([
        "patients.favorite_color: no column (text CHECK (favorite_color IN ('merah', 'hijau', 'biru')))",
      ]);
      expect(sql).toMatch(/^-- 032_add_favorite_color\.sql: written by npm run new:migration/);
      expect(sql).toContain(
        "ALTER TABLE patients\n  ADD COLUMN favorite_color text CHECK (favorite_color IN ('merah', 'hijau', 'biru'));",
      );
      expect(after).toEqual([]);
    });

    it('is stored by the API, which answers 400 for a value outside its choices', async () => {
      const body = {
        full_name: 'Warna Uji',
        identity_type: 'KTP',
        identity_number: makeNik('31.71.01', '1990-05-17', 'L', 8801),
        place_of_birth: 'Jakarta',
        date_of_birth: '1990-05-17',
        gender: 'L',
        marital_status: 'Menikah',
        created_by: 'tester',
      };
      const url = '/api/master/patients-colored';
      const created = await t.request(admin, {
        method: 'POST',
        url,
        payload: { ...body, favorite_color: 'biru' },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      expect((await t.request(admin, { method: 'GET', url: `${url}/${id}` })).json().favorite_color).toBe(
        'biru',
      );
      const { rows } = await t.db.query('SELECT favorite_color FROM patients WHERE id = $1', [id]);
      expect(rows[0].favorite_color).toBe('biru');

      const refused = await t.request(admin, {
        method: 'POST',
        url,
        payload: {
          ...body,
          identity_number: makeNik('31.71.01', '1990-05-17', 'L', 8802),
          favorite_color: 'ungu',
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors ?? {})).toEqual(['favorite_color']);

      // The export has its column, OpenAPI its choices.
      const csv = await t.request(admin, { method: 'GET', url: `${url}/export` });
      expect(csv.body.split('\n')[0]).toContain('favorite_color');
      const doc = JSON.stringify((t.app.swagger() as { paths: Record<string, unknown> }).paths[url]);
      expect(doc).toContain(
        '"favorite_color":{"type":"string","title":"Warna favorit","enum":["merah","hijau","biru",null],"nullable":true}',
      );
    });

    it('is named as a column to drop by the check of the unchanged declaration', async () => {
      const diffs = await compare(t.db, [patients]);
      expect(diffs.map((d) => d.message)).toEqual([
        'patients.favorite_color: a column no field names (not in the schema, nor in serverColumns)',
      ]);
      expect(diffs[0].sql).toContain('ALTER TABLE patients DROP COLUMN favorite_color;');
    });
  });
});
