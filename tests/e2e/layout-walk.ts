/**
 * No control covered, clipped or overlapping, on a 1,440 px screen and a 390 px phone: every menu
 * screen the admins reach (the super admin's menu holds the admin's) and its add dialog, measured
 * in the browser. A control (button, link, input, combobox, checkbox) must lie inside the
 * viewport or inside the box of what clips it (a table that scrolls sideways may hold it if the
 * table's container fits); no two controls that move together may overlap; scrolled into view,
 * each is the element found at its centre (nothing lies over it: not a floating button, an
 * action bar or a toast); a time or date field's label sits above its "--:--"; no title is
 * cut; and the page is no wider than the window (reflow, WCAG 1.4.10). The add dialog is measured
 * again with the error toast of an empty form's save. Each of these states is also checked by axe
 * (no serious violation, WCAG 2.1 A and AA) and, with SHOTS=1, photographed.
 *
 * layout-phone.test.ts walks at 390 px in Indonesian (screens, add dialogs and toasts) and in
 * English (screens); the language walk (language-walk.test.ts) measures the same states at
 * 1,440 px in both languages while it reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MENU_PATHS } from '../../src/domain/menu';
import { DEMO, SKIP_E2E, shoot, startE2E, type E2E } from './harness';
import { axeProblems } from './axe';
import { closeLayers, navigate, screenReady } from './waits';

type Viewport = { width: number; height: number };

const appears = (l: Locator, timeout: number) =>
  l.waitFor({ timeout }).then(
    () => true,
    () => false,
  );

export const SHOTS = '/tmp/shots';

export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Runs in the page: the problems of what is on screen now, one line each. */
function measureInPage(): string[] {
  const problems: string[] = [];
  const W = document.documentElement.clientWidth;
  const H = window.innerHeight;
  const SELECTOR = [
    'button',
    'a[href]',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    '[role="button"]',
    '[role="combobox"]',
    '[role="checkbox"]',
    '[role="switch"]',
    '[role="tab"]',
    '[role="link"]',
  ].join(',');
  const dialogs = [
    ...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="presentation"].MuiDialog-root'),
  ];
  // With a dialog open, the page behind it is out of reach: the dialog and the toasts count.
  const roots: Element[] = dialogs.length
    ? [
        dialogs[dialogs.length - 1].closest('.MuiDialog-root') ?? dialogs[dialogs.length - 1],
        ...document.querySelectorAll('.MuiSnackbar-root'),
      ]
    : [document.body];
  const describe = (el: Element) => {
    const input = el as HTMLInputElement;
    const text =
      el.getAttribute('aria-label') ||
      (input.labels && input.labels[0]?.textContent) ||
      el.textContent ||
      el.getAttribute('placeholder') ||
      el.getAttribute('name') ||
      (el.getAttribute('class') ?? '').split(' ')[0];
    return `${el.tagName.toLowerCase()} "${(text ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
  };
  const shown = (el: Element) => {
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none') return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  // A checkbox's own input is transparent over its drawn box: the box (a switch's whole track)
  // is what is seen.
  const seen = (el: Element): Element =>
    el.tagName === 'INPUT' && getComputedStyle(el).opacity === '0' && el.parentElement
      ? (el.parentElement.closest('.MuiSwitch-root') ?? el.parentElement)
      : el;
  // A link shown only once focused ('Langsung ke konten') waits above the page.
  const parked = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.bottom + window.scrollY <= 0 || r.right + window.scrollX <= 0;
  };
  // A list the user opened (a picker's options, a menu) is meant to lie over the form.
  const popup = (el: Element) =>
    el.closest(
      '[role="listbox"], [role="menu"], [role="tooltip"], .MuiAutocomplete-popper, .MuiPopover-root',
    );
  const controls: Element[] = [];
  for (const root of roots)
    for (const el of root.querySelectorAll(SELECTOR)) {
      if (!dialogs.length && el.closest('[aria-hidden="true"]')) continue;
      if (el.classList.contains('MuiSelect-nativeInput')) continue;
      const target = seen(el);
      if (!shown(target) || parked(target) || popup(target) || controls.includes(target)) continue;
      // Inside another control (an icon in a button): the outer one is measured.
      if (controls.some((c) => c.contains(target))) continue;
      for (let i = controls.length - 1; i >= 0; i--) if (target.contains(controls[i])) controls.splice(i, 1);
      controls.push(target);
    }

  const scrolls = (v: string) => v === 'auto' || v === 'scroll';
  /** What the control moves with: its nearest fixed, sticky or scrolling ancestor. */
  const contextOf = (el: Element): Element | null => {
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.position === 'fixed' || s.position === 'sticky') return a;
      if (a !== el && (scrolls(s.overflowX) || scrolls(s.overflowY))) return a;
    }
    return null;
  };
  const fixedChain = (el: Element) => {
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement)
      if (getComputedStyle(a).position === 'fixed') return true;
    return false;
  };

  // 1. Inside the viewport or what clips it.
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    const box = { l: r.left, r: r.right, t: r.top, b: r.bottom };
    let problem = '';
    for (let a = el.parentElement; a && a !== document.body && !problem; a = a.parentElement) {
      const s = getComputedStyle(a);
      const ar = a.getBoundingClientRect();
      const inner = {
        l: ar.left + a.clientLeft,
        t: ar.top + a.clientTop,
        r: ar.left + a.clientLeft + a.clientWidth,
        b: ar.top + a.clientTop + a.clientHeight,
      };
      if (s.overflowX !== 'visible') {
        // Reachable by scrolling: from here on the scrolling box itself must be seen.
        if (scrolls(s.overflowX)) [box.l, box.r] = [Math.max(box.l, inner.l), Math.min(box.r, inner.r)];
        else if (box.l < inner.l - 1 || box.r > inner.r + 1) problem = `cut off sideways by ${describe(a)}`;
      }
      if (!problem && s.overflowY !== 'visible') {
        if (scrolls(s.overflowY)) [box.t, box.b] = [Math.max(box.t, inner.t), Math.min(box.b, inner.b)];
        else if (box.t < inner.t - 1 || box.b > inner.b + 1) problem = `cut off by ${describe(a)}`;
      }
    }
    if (!problem && (box.l < -1 || box.r > W + 1)) problem = 'outside the screen sideways';
    if (!problem && fixedChain(el) && (box.t < -1 || box.b > H + 1)) problem = 'outside the screen';
    if (
      !problem &&
      el.textContent?.trim() &&
      el.scrollWidth > el.clientWidth + 1 &&
      getComputedStyle(el).overflowX !== 'visible'
    )
      problem = 'its text is cut';
    if (problem) problems.push(`${describe(el)}: ${problem}`);
  }

  // Reflow (WCAG 1.4.10): the page is no wider than the window; a wide table scrolls inside its
  // own card rather than the whole screen sideways.
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > W + 1) problems.push(`the page is ${pageWidth} px wide in a window of ${W} px`);

  // On a wide screen a list fits its card: nothing scrolls sideways to be reached.
  if (W >= 1200)
    for (const el of document.querySelectorAll('.RaList-content, [class*="MuiTableContainer"]'))
      if (el.scrollWidth > el.clientWidth + 1 && shown(el) && !el.closest('[aria-hidden="true"]'))
        problems.push(`a table ${el.scrollWidth} px wide in a card of ${el.clientWidth} px`);

  // 2. No two controls that move together overlap.
  const contexts = controls.map(contextOf);
  const rects = controls.map((el) => el.getBoundingClientRect());
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++) {
      if (contexts[i] !== contexts[j]) continue;
      const a = rects[i];
      const b = rects[j];
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 1 && y > 1) problems.push(`${describe(controls[i])} overlaps ${describe(controls[j])}`);
    }

  // 3. Scrolled into view, nothing lies over a control's centre.
  const scrolled = new Map<Element, [number, number]>();
  for (const a of document.querySelectorAll('*'))
    if (a.scrollTop || a.scrollLeft) scrolled.set(a, [a.scrollLeft, a.scrollTop]);
  for (const el of controls) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || x > W || y < 0 || y > H) continue;
    const hit = document.elementFromPoint(x, y);
    // A loading spinner drawn over its own refresh button (react-admin's app bar, while a list
    // refetches on its own: live updates, the access check) is that button's busy state.
    const spinner = hit?.closest('.MuiCircularProgress-root');
    if (hit && hit !== el && !el.contains(hit) && !hit.contains(el) && !popup(hit) && !spinner)
      problems.push(`${describe(el)}: covered by ${describe(hit)}`);
  }
  window.scrollTo(0, 0);
  for (const a of document.querySelectorAll('*')) if (a.scrollTop || a.scrollLeft) a.scrollTo(0, 0);
  for (const [a, [left, top]] of scrolled) a.scrollTo(left, top);

  // 4. A bar that stays in place over scrolling content (an action bar, the app bar) hides what
  // passes under it: something between the control and the bar has a background.
  const opaque = (a: Element) => {
    const s = getComputedStyle(a);
    return s.backgroundImage !== 'none' || !/^(transparent|rgba\(.*, 0\))$/.test(s.backgroundColor);
  };
  for (const [i, el] of controls.entries()) {
    const bar = contexts[i];
    if (!bar || !['fixed', 'sticky'].includes(getComputedStyle(bar).position)) continue;
    // Only a bar with other controls under it (content that scrolls beneath).
    const b = bar.getBoundingClientRect();
    const under = rects.some(
      (r, j) =>
        contexts[j] !== bar &&
        !bar.contains(controls[j]) &&
        Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 1 &&
        Math.min(r.right, b.right) - Math.max(r.left, b.left) > 1,
    );
    if (!under) continue;
    let covered = false;
    for (let a: Element | null = el; a && !covered; a = a === bar ? null : a.parentElement)
      covered = opaque(a);
    if (!covered) problems.push(`${describe(el)}: on a see-through bar (${describe(bar)})`);
  }

  // 5. A time or date field always shows its '--:--': its label stays above it.
  for (const root of roots)
    for (const input of root.querySelectorAll<HTMLInputElement>('input')) {
      if (!['time', 'date', 'datetime-local', 'month', 'week'].includes(input.type) || !shown(input))
        continue;
      const label = input.labels?.[0];
      if (label && label.getAttribute('data-shrink') === 'false')
        problems.push(`${describe(input)}: its label lies over its value`);
    }

  // 6. Titles whole: the app bar's, the page's and the dialog's.
  const titles = dialogs.length
    ? [...roots[0].querySelectorAll('h1, h2, h3, h4, h5, h6, .MuiDialogTitle-root')]
    : [
        ...document.querySelectorAll(
          '#react-admin-title, main h1, main h2, main h3, main h4, main h5, main h6',
        ),
      ];
  for (const t of titles) {
    if (!shown(t)) continue;
    if (t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1)
      problems.push(
        `${t.id === 'react-admin-title' ? "app bar's" : t.tagName.toLowerCase()} title "${(t.textContent ?? '').trim().slice(0, 60)}" is cut`,
      );
  }
  return problems;
}

export const measure = async (page: Page, where: string) =>
  (await page.evaluate(measureInPage)).map((p) => `${where}: ${p}`);

/** The add control of a screen: the list's link (a floating button on a phone) or a screen's own. */
export const addControl = (page: Page) =>
  page
    .locator('#main-content, main')
    .first()
    .getByRole('link', { name: 'Tambah', exact: true })
    .or(page.locator('#main-content, main').first().getByRole('button', { name: 'Tambah', exact: true }))
    .first();

/**
 * A screen state's layout problems and serious axe violations; its screenshot with SHOTS=1
 * (SHOTS/layout-<path>-<state>-<lang>-<width>.png).
 */
export async function inspect(page: Page, where: string, shot: string) {
  await shoot(page, { path: `${SHOTS}/layout-${shot}.png` });
  // With a dialog open, what is new is the dialog and its toast: the screen behind it was checked
  // as it is at this width and in this language.
  const dialog = await page.getByRole('dialog').count();
  const scope = dialog ? { include: '[role="dialog"], .MuiSnackbar-root' } : {};
  return [...(await measure(page, where)), ...(await axeProblems(page, where, scope))];
}

/** A screen state's screenshot name: <path>-<state>-<lang>-<width>. */
export const shotName = (path: string, lang: string, width: number, state = '') =>
  `${path.slice(1).replace(/\//g, '-')}${state && `-${state}`}-${lang}-${width}`;

/**
 * Every menu screen and its add dialog (with an empty save's toast) at one width: the problems
 * of layout and accessibility.
 */
export async function walkWithDialogs(page: Page, viewport: Viewport) {
  await page.setViewportSize(viewport);
  const problems: string[] = [];
  for (const path of MENU_PATHS) {
    const where = `${path} @${viewport.width}`;
    // The last screen's dialog and toast closed, as a user closes them.
    await closeLayers(page);
    await navigate(page, path);
    await screenReady(page);
    problems.push(...(await inspect(page, where, shotName(path, 'id', viewport.width))));
    const add = addControl(page);
    if (!(await add.count())) continue;
    await add.click();
    const dialog = page.getByRole('dialog');
    if (!(await appears(dialog, 5000))) continue;
    await screenReady(page, { scope: '[role="dialog"]' });
    problems.push(
      ...(await inspect(page, `${where} add dialog`, shotName(path, 'id', viewport.width, 'add'))),
    );
    // An empty form's save: its error toast must leave the dialog's buttons free.
    const save = dialog.getByRole('button', { name: 'Simpan' });
    if (!(await save.count())) continue;
    await save.first().click();
    if (await appears(page.locator('.MuiSnackbar-root'), 3000)) {
      await screenReady(page);
      const toast = `${where} add dialog with its toast`;
      problems.push(...(await inspect(page, toast, shotName(path, 'id', viewport.width, 'toast'))));
    }
  }
  return [...new Set(problems)];
}

/** Every menu screen in English at one width (its longer texts): the problems. */
export async function walkEnglish(en: Page, viewport: Viewport) {
  await en.setViewportSize(viewport);
  const problems: string[] = [];
  for (const path of MENU_PATHS) {
    await navigate(en, path);
    await screenReady(en);
    problems.push(
      ...(await inspect(en, `${path} @${viewport.width} (en)`, shotName(path, 'en', viewport.width))),
    );
  }
  return [...new Set(problems)];
}

/** A super admin's page in Indonesian and one in English, on a server of the file's own. */
export interface LayoutPages {
  page: Page;
  en: Page;
}

/**
 * The suite of one width: every screen and add dialog, every screen in English; `more` adds the
 * file's own tests, given the pages once they are open.
 */
export function layoutSuite(viewport: Viewport, more?: (pages: () => LayoutPages) => void) {
  describe.skipIf(SKIP_E2E)(`layout at ${viewport.width} px`, () => {
    let e2e: E2E;
    let pages: LayoutPages;
    beforeAll(async () => {
      e2e = await startE2E({ patients: 30 });
      const page = await e2e.newPage({ as: DEMO.super_admin });
      const en = await e2e.newPage({ as: DEMO.super_admin });
      await en.addInitScript(() => window.localStorage.setItem('RaStore.locale', '"en"'));
      pages = { page, en };
    });
    afterAll(async () => {
      await e2e?.close();
    });

    it(`every screen and add dialog at ${viewport.width} px: nothing covered, clipped or overlapping; axe clean`, async () => {
      expect(await walkWithDialogs(pages.page, viewport)).toEqual([]);
    }, 300_000);

    it(`every screen in English at ${viewport.width} px: its longer texts fit too; axe clean`, async () => {
      expect(await walkEnglish(pages.en, viewport)).toEqual([]);
    }, 180_000);

    more?.(() => pages);
  });
}
