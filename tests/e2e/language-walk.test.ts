/**
 * One language at a time: every screen of the menu, in Indonesian and in English, read as a user
 * reads it (the page's text, its aria-labels, placeholders and titles), with its add dialog, a
 * picker's list, an empty form's errors, the first row's edit dialog and JSON fields' form; and
 * the sign-in page with its dialog, a wrong password and the two-factor enrolment. A word that only the other language's messages use
 * (tests/e2e/language-words.ts) fails the walk, unless the data itself holds it (DATA_WORDS).
 * At 1,440 px it also measures the layout of each screen, add dialog and toast and runs axe on
 * them (layout-walk.ts); with SHOTS=1 it photographs every place it reads (/tmp/shots).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MENU_PATHS, defaultMenuPaths } from '../../src/domain/menu';
import { DEMO, SKIP_E2E, shoot, startE2E, type E2E } from './harness';
import { inspect, shotName, SHOTS, VIEWPORTS } from './layout-walk';
import { buildDictionaries, foreignWords } from './language-words';
import {
  readIntegrated,
  readRowDialogs,
  readSignIn,
  visible,
  type Lang,
  type Walker,
} from './language-screens';
import { closeLayers, navigate, screenReady } from './waits';

/**
 * Words of the other language that a screen may show because the data holds them (the demo
 * data's names, places and free texts), by reason. Nothing here is a text of the console itself.
 */
const DATA_WORDS: Record<Lang, [reason: string, words: string[]][]> = {
  // Allowed in the Indonesian console.
  id: [
    ["the demo staff account's username (staff@demo.local)", ['staff']],
    ["a facility's name ('RS Family Cilandak')", ['family']],
    ["an HTTP method in the API logs ('GET')", ['get']],
    [
      "journey steps' IDs, codes beside their titles as the API takes them ('Asesmen Awal (assessment)')",
      ['assessment', 'consultation', 'payment', 'completion'],
    ],
  ],
  // Allowed in the English console.
  en: [
    ["demo accounts' names ('Operator Faskes Demo', 'Staf Demo')", ['faskes', 'staf']],
    [
      "facilities' names ('Apotek Sumber Sehat', 'Klinik Pratama Keluarga', 'Laboratorium Klinik Taman Sari', 'Puskesmas Kecamatan Gambir')",
      ['apotek', 'klinik', 'laboratorium', 'keluarga', 'sumber', 'kecamatan', 'dua', 'utama'],
    ],
    [
      "places' names ('Kota Jakarta Utara', 'Johar Baru', 'Kebayoran Lama', 'Pasar Minggu')",
      ['kota', 'baru', 'lama', 'minggu'],
    ],
    [
      "the master poli's names and descriptions ('Penyakit kulit dan kelamin', 'Jiwa', 'Paru')",
      ['dan', 'darah', 'gangguan', 'jiwa', 'kelamin', 'konsultasi', 'paru', 'pemeriksaan', 'penyakit'],
    ],
    [
      "the simulator facilities' poli names ('Anak', 'Bedah', 'Gigi', 'Kandungan')",
      ['anak', 'bedah', 'gigi', 'kandungan', 'mata', 'kulit', 'saraf'],
    ],
    ["a doctor's title in their name ('Sp.THT-KL')", ['tht']],
    ["a journey step's code ('TINDAKAN')", ['tindakan']],
    [
      "emergency reports' categories as reported ('Serangan Jantung', 'Kecelakaan Lalu Lintas', 'Lainnya')",
      ['jantung', 'lalu', 'lainnya'],
    ],
    [
      "mental-health screenings' conditions as recorded ('Kesehatan Mental Baik', 'Stres Sedang', 'Depresi Berat')",
      ['baik', 'sedang', 'berat'],
    ],
  ],
};

/** Runs in the page: what a user reads or hears on it now. */
function readPage(): string {
  // Code (a request's headers and body, a JSON sample) is written as the machine reads it.
  let body = document.body.innerText;
  for (const code of document.querySelectorAll<HTMLElement>('pre, code'))
    if (code.innerText) body = body.split(code.innerText).join(' ');
  const parts = [body];
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
    const r = el.getBoundingClientRect();
    const hidden = el.closest('[aria-hidden="true"]') && !el.closest('[role="dialog"]');
    if ((!r.width && !r.height && el.tagName !== 'INPUT') || hidden) continue;
    for (const a of ['aria-label', 'placeholder', 'title']) parts.push(el.getAttribute(a) ?? '');
  }
  return parts.join('\n');
}

const WORDS = { id: { add: 'Tambah', save: 'Simpan' }, en: { add: 'Add', save: 'Save' } };

/** The wide screen the walk reads at (the layout walk's 390 px phone is layout-phone.test.ts). */
const WIDE = VIEWPORTS[0];

/** Opens the first picker (autocomplete) of scope: its list, then its 'no options' text. */
async function readPicker(page: Page, scope: Locator, read: (what: string) => Promise<void>) {
  const picker = scope.locator('.MuiAutocomplete-root input:not([disabled])').first();
  if (!(await picker.count())) return;
  await picker.click();
  await visible(page.locator('.MuiAutocomplete-popper'), 3000);
  await screenReady(page, { scope: '.MuiAutocomplete-popper' });
  await read('picker open');
  await picker.fill('qqzzqqzz');
  await visible(page.locator('.MuiAutocomplete-noOptions'), 4000);
  await read('picker without options');
  await picker.fill('');
  await page.keyboard.press('Escape');
}

/**
 * Where a save is cheap: what to fill in the add dialog (after its empty save) before saving
 * again, for the save's toast or the form's own check.
 */
const FILL: Record<string, (dialog: Locator, lang: Lang, n: number) => Promise<void>> = {
  '/master/poli': async (dialog, lang, n) => {
    await dialog.getByLabel(lang === 'id' ? 'Kode Poli' : 'Poli Code').fill(`BHS${n}`);
    await dialog.getByLabel(lang === 'id' ? 'Nama Poli' : 'Poli Name').fill(`Poli E2E ${n}`);
  },
  // The NIK's own check (the patient form's cross-field rule), not the schema's.
  '/master/patients': async (dialog, lang) => {
    await dialog
      .getByRole('textbox', { name: lang === 'id' ? 'Nomor Identitas' : 'Identity Number' })
      .fill('9999011203920001');
  },
};

describe('the two dictionaries', () => {
  it("hold the words of each language's own texts, and not the words both use", () => {
    const dict = buildDictionaries();
    // Texts the Indonesian console showed in English, and the reverse.
    for (const w of ['patient', 'options', 'characters', 'successfully', 'journey', 'staff'])
      expect(dict.en.has(w), w).toBe(true);
    for (const w of ['dokter', 'harus', 'angka', 'pilihan', 'berhasil', 'pasien'])
      expect(dict.id.has(w), w).toBe(true);
    // Both languages write these (names, codes, loanwords): no side owns them.
    for (const w of ['dashboard', 'email', 'status', 'bpjs', 'api'])
      expect(dict.en.has(w) || dict.id.has(w), w).toBe(false);
    expect(foreignWords('Info Pasien, Tidak ada pilihan', dict.en, new Set())).toEqual([]);
    expect(foreignWords('Patient Info, No options', dict.en, new Set())).toEqual(['patient', 'options']);
    expect(foreignWords('NIK harus 16 digit angka', dict.id, new Set(['harus']))).toEqual(['angka']);
  });
});

describe.skipIf(SKIP_E2E)('one language at a time (e2e)', () => {
  let e2e: E2E;
  const dict = buildDictionaries();

  beforeAll(async () => {
    e2e = await startE2E({ patients: 30 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** What reads the page's texts in one language, and the words of the other one it found. */
  function reader(lang: Lang) {
    const other = lang === 'id' ? dict.en : dict.id;
    const allowed = new Set(DATA_WORDS[lang].flatMap(([, words]) => words));
    // Each word, where it was first seen and the line that holds it.
    const found = new Map<string, string>();
    // Every place read, to know the walk reached them.
    const places: string[] = [];
    const readOn = (page: Page) => async (where: string) => {
      places.push(where);
      // SHOTS=1: a photograph of every place read, named after it.
      const name = where.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
      await shoot(page, { path: `${SHOTS}/language-${name}-${lang}-${page.viewportSize()?.width}.png` });
      const text = await page.evaluate(readPage);
      for (const w of foreignWords(text, other, allowed)) {
        if (found.has(w)) continue;
        const line = text.split('\n').find((l) => l.toLowerCase().includes(w)) ?? '';
        found.set(w, `${where}: "${line.trim().slice(0, 90)}"`);
      }
    };
    return { readOn, found, places };
  }

  let saves = 0;

  /** The screen's add dialog: its texts, a picker's, an empty save's errors and a filled one's. */
  async function readAdd({ page, lang, read, check }: Walker, path: string, main: Locator) {
    const add = main
      .getByRole('link', { name: WORDS[lang].add, exact: true })
      .or(main.getByRole('button', { name: WORDS[lang].add, exact: true }))
      .first();
    if (!(await add.count())) return;
    await add.click();
    const dialog = page.getByRole('dialog');
    if (!(await visible(dialog, 5000))) return;
    await screenReady(page, { scope: '[role="dialog"]' });
    await read(`${path} add dialog`);
    await check?.(`${path} add dialog`, 'add');
    await readPicker(page, dialog, (what) => read(`${path} add dialog ${what}`));
    const save = dialog.getByRole('button', { name: WORDS[lang].save });
    if (await save.count()) {
      await save.first().click();
      if (await visible(page.locator('.MuiSnackbar-root'), 3000)) await screenReady(page);
      await read(`${path} empty save`);
      await check?.(`${path} add dialog with its toast`, 'toast');
      const fill = FILL[path];
      if (fill) {
        await fill(dialog, lang, ++saves + (lang === 'id' ? 0 : 100));
        await save.first().click();
        await visible(page.locator('.MuiSnackbar-root'), 5000);
        await read(`${path} filled save`);
      }
    }
    await page.keyboard.press('Escape');
  }

  /**
   * Every screen of `paths` in one language at 1,440 px: its texts and its dialogs' (`found`), and
   * the layout and axe problems of the screen, its add dialog and that dialog's error toast.
   */
  async function walk(lang: Lang, as: string, paths: string[]) {
    const { readOn, found, places } = reader(lang);
    const page = await e2e.newPage({ as });
    await page.setViewportSize(WIDE);
    await page.addInitScript((l) => window.localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
    const problems: string[] = [];
    let path = '';
    const check = async (where: string, state: string) => {
      const shot = shotName(path, lang, WIDE.width, state);
      problems.push(...(await inspect(page, `${where} @${WIDE.width} (${lang})`, shot)));
    };
    const w: Walker = { page, lang, read: readOn(page), check };
    for (path of paths) {
      await closeLayers(page);
      await navigate(page, path);
      await screenReady(page);
      await w.read(path);
      await check(path, '');
      const main = page.locator('#main-content, main').first();
      await readPicker(page, main, (what) => w.read(`${path} ${what}`));
      // A filter picker typed into and cleared refetches the list.
      await screenReady(page);
      if (path === '/master/medical-facilities-integrated') await readIntegrated(w, path, main);
      else await readRowDialogs(w, path, main);
      await readAdd(w, path, main);
    }
    return { found: Object.fromEntries(found), places, problems: [...new Set(problems)] };
  }

  for (const lang of ['id', 'en'] as const) {
    it(`every screen of the super admin's menu reads in ${lang === 'id' ? 'Indonesian' : 'English'} only, at 1,440 px nothing covered or clipped, axe clean`, async () => {
      const { found, places, problems } = await walk(lang, DEMO.super_admin, MENU_PATHS);
      expect(found).toEqual({});
      expect(problems).toEqual([]);
      // It read the rows' dialogs it was meant to (a list with rows, a JSON field, the facilities).
      expect(places).toEqual(
        expect.arrayContaining([
          '/master/patients edit dialog',
          '/simulator/doctors edit dialog',
          '/simulator/doctors JSON field form',
          '/simulator/facilities JSON field form',
          '/master/medical-facilities-integrated facility edit dialog',
          '/master/medical-facilities-integrated connections tab',
        ]),
      );
    }, 400_000);

    it(`the facility operator's simulator screens read in ${lang === 'id' ? 'Indonesian' : 'English'} only, at 1,440 px nothing covered or clipped, axe clean`, async () => {
      const paths = defaultMenuPaths('medical_facility').filter((p) => p.startsWith('/simulator/'));
      const { found, places, problems } = await walk(lang, DEMO.medical_facility, paths);
      expect(found).toEqual({});
      expect(problems).toEqual([]);
      expect(places).toEqual(expect.arrayContaining(['/simulator/patients edit dialog']));
    }, 300_000);

    it(`the sign-in page, its dialog, a wrong password and the two-factor enrolment read in ${lang === 'id' ? 'Indonesian' : 'English'} only`, async () => {
      const { readOn, found } = reader(lang);
      await readSignIn(e2e, { lang, readOn });
      expect(Object.fromEntries(found)).toEqual({});
    }, 120_000);
  }
});
