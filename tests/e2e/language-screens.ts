/**
 * The language walk's steps beyond a screen and its add dialog: a row's edit dialog and its JSON
 * fields' form, the integrated facilities screen's detail, tab and edit dialog, and the sign-in
 * page (its dialog, a wrong password, the two-factor enrolment), each read in one language.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO, type E2E } from './harness';
import { screenReady } from './waits';

export type Lang = 'id' | 'en';

/** A walk in one language: its page and what reads the page's texts at a named place. */
export interface Walker {
  page: Page;
  lang: Lang;
  read: (where: string) => Promise<void>;
  /** Measures the layout of the page now and runs axe on it (`state`: its screenshot's name). */
  check?: (where: string, state: string) => Promise<void>;
}

const WORDS = {
  id: {
    edit: 'Ubah',
    connections: 'Koneksi',
    language: 'Bahasa Indonesia',
    signIn: 'MASUK',
    forgot: 'Lupa Password?',
  },
  en: {
    edit: 'Edit',
    connections: 'Connections',
    language: 'English',
    signIn: 'SIGN IN',
    forgot: 'Forgot password?',
  },
};

export const visible = (l: Locator, timeout = 4000) =>
  l.waitFor({ timeout }).then(
    () => true,
    () => false,
  );

/** Waits for the dialog to be drawn, reads it, and closes it with Escape. */
async function readDialog(w: Walker, where: string) {
  const dialog = w.page.getByRole('dialog').last();
  if (!(await visible(dialog, 5000))) throw new Error(`${where}: no dialog`);
  await screenReady(w.page, { scope: '[role="dialog"]' });
  await w.read(where);
  await w.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * On a list: the first row's edit dialog, then the first row's JSON fields' form where a column
 * opens one. A list without rows, or whose rows cannot be edited, is passed over.
 */
export async function readRowDialogs(w: Walker, path: string, main: Locator) {
  const row = main.locator('tbody tr').first();
  if (!(await main.locator('table').count()) || !(await visible(row, 3000))) return;
  const edit = row.getByRole('link', { name: WORDS[w.lang].edit, exact: true });
  if (await edit.count()) {
    await edit.click();
    await readDialog(w, `${path} edit dialog`);
    await screenReady(w.page);
  }
  // A JSON field's button in a cell, named by its summary and what it sets ('…: Atur jadwal …').
  const json = row.getByRole('button', { name: /: (Atur|Set) / }).first();
  if (await json.count()) {
    await json.click();
    await readDialog(w, `${path} JSON field form`);
  }
}

/** The integrated facilities screen: the first facility's detail, its edit dialog and its other tab. */
export async function readIntegrated(w: Walker, path: string, main: Locator) {
  const first = main.getByRole('list').getByRole('button').first();
  if (!(await visible(first))) return;
  await first.click();
  const edit = main.getByRole('button', { name: new RegExp(`^${WORDS[w.lang].edit} `) }).first();
  await edit.waitFor();
  await screenReady(w.page);
  await w.read(`${path} facility detail`);
  await edit.click();
  await readDialog(w, `${path} facility edit dialog`);
  await main.getByRole('tab', { name: WORDS[w.lang].connections }).click();
  await screenReady(w.page);
  await w.read(`${path} connections tab`);
}

/** A super admin who is not a demo account: signing in, it must enrol a two-factor sign-in. */
async function enrollingAdmin(e2e: E2E, lang: Lang) {
  // A person's name and a code (it shows in the web admins' list the walks read later): no word
  // of either language.
  const email = `budi.${lang}@dinkes.test`;
  await e2e.db.query(
    `INSERT INTO web_admins (username, email, password_hash, full_name, role)
     SELECT $1, $2, password_hash, 'Budi Santoso', 'super_admin' FROM web_admins WHERE email = $3
     ON CONFLICT DO NOTHING`,
    [`budi${lang}`, email, DEMO.admin],
  );
  return email;
}

/**
 * The sign-in page in one language, chosen with its own switch: the page, a wrong password's
 * error, the 'Lupa Password?' dialog, and the two-factor enrolment a new super admin meets.
 */
export async function readSignIn(
  e2e: E2E,
  { lang, readOn }: { lang: Lang; readOn: (page: Page) => Walker['read'] },
) {
  const page = await e2e.newPage();
  const w: Walker = { page, lang, read: readOn(page) };
  const words = WORDS[lang];
  await page.goto('/login');
  // The current language's name on a wide screen ('Bahasa: …' on a phone's icon button).
  await page.getByRole('button', { name: /^(Bahasa Indonesia|English)$|^(Bahasa|Language): / }).click();
  await page.getByRole('menuitem', { name: words.language }).click();
  const submit = page.getByRole('button', { name: words.signIn, exact: true });
  await submit.waitFor();
  await screenReady(page, { scope: 'form' });
  await w.read('sign-in page');

  await page.locator('input[name="email"]').fill(DEMO.admin);
  await page.locator('input[name="password"]').fill('not-this-one');
  await submit.click();
  await page.getByRole('alert').first().waitFor();
  await screenReady(page, { scope: 'form' });
  await w.read('sign-in wrong password');

  await page.getByRole('button', { name: words.forgot, exact: true }).click();
  await readDialog(w, 'sign-in forgot password dialog');

  await page.locator('input[name="email"]').fill(await enrollingAdmin(e2e, lang));
  await page.locator('input[name="password"]').fill(e2e.config.demoPassword);
  await submit.click();
  await page.getByTestId('two-factor-secret').waitFor();
  await screenReady(page, { scope: 'body' });
  await w.read('sign-in two-factor enrolment');
  await page.close();
}
