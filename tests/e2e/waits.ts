/**
 * Waits on what a screen shows instead of on the network falling silent for 500 ms: a screen is
 * ready when its content is drawn (a list's rows or its empty state), nothing says it is loading
 * (react-admin's spinner, a progress bar, a skeleton), no request of the page is under way and no
 * transition is running, for a short quiet spell (a request that follows another's answer).
 */
import type { Locator, Page, Request } from 'playwright-core';

/** How long the screen must stay quiet to count as ready (ms). */
const QUIET_MS = 120;

/** The requests under way of each page that trackRequests watches. */
const underWay = new WeakMap<Page, Set<Request>>();

/**
 * Watches the page's requests (its data, and the parts of the console it loads on the way; not
 * the live updates' stream, which stays open): `screenReady` then also waits until none is under
 * way. The harness calls it for every page it opens; `screenReady` works without it, only less
 * strictly.
 */
export async function trackRequests(page: Page) {
  const open = new Set<Request>();
  underWay.set(page, open);
  page.on('request', (r) => void (r.resourceType() !== 'eventsource' && open.add(r)));
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
}

/** Runs in the page: why the screen (the part matched by scope) is not ready, or '' when it is. */
function probe(scope: string): string {
  const root = document.querySelector(scope) ?? (scope === 'body' ? document.body : null);
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 || r.height > 0;
  };
  if (!root) return 'no content';
  // The frame drawn before the screen's own part (loaded on demand) renders into it.
  if (!(root as HTMLElement).innerText?.trim()) return 'nothing drawn';
  // An indeterminate spinner or bar: react-admin's request spinner, a lazy part loading.
  for (const el of document.querySelectorAll('[role="progressbar"]:not([aria-valuenow])'))
    if (shown(el)) return 'progressbar';
  for (const el of root.querySelectorAll('.MuiSkeleton-root, .RaPlaceholder-root'))
    if (shown(el)) return 'skeleton';
  // A chart draws its surface once its container has been measured (a frame after it shows).
  for (const chart of root.querySelectorAll('.recharts-responsive-container'))
    if (!chart.querySelector('svg')) return 'chart not drawn';
  // A list draws its table (or 'no results' for its filters) once its data is in.
  const list = root.querySelector('.RaList-main');
  if (list && !list.querySelector('table, .MuiCardContent-root, [role="alert"]')) return 'list without rows';
  // Finite animations (a dialog opening, a row appearing); a spinner's endless one never ends.
  for (const a of document.getAnimations())
    if (a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity) return 'animation';
  return '';
}

/**
 * Waits until the page (or the part matched by scope, e.g. '[role="dialog"]') is drawn and has
 * been quiet for a moment. Fails with the reason it was still busy after `timeout` ms.
 */
export async function screenReady(page: Page, options: { scope?: string; timeout?: number } = {}) {
  const { scope = 'main, #main-content', timeout = 15_000 } = options;
  const open = underWay.get(page);
  const start = Date.now();
  let quietSince = 0;
  let reason = '';
  while (Date.now() - start < timeout) {
    // A page being replaced (a navigation) has no content to read yet.
    reason = open?.size ? 'requests' : await page.evaluate(probe, scope).catch(() => 'navigating');
    if (reason) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    await new Promise((r) => setTimeout(r, 30));
  }
  const pending = reason === 'requests' ? `: ${[...open!].map((r) => r.url()).join(', ')}` : '';
  throw new Error(`${new URL(page.url()).pathname} not ready after ${timeout} ms (${reason}${pending})`);
}

/**
 * Waits until a list screen has drawn its list (its toolbar with its rows, or its empty state),
 * then until it is quiet: what the toolbar offers (an add button) can be counted then.
 */
export async function listReady(page: Page, timeout = 15_000) {
  await page.locator('main .list-page, #main-content .list-page').first().waitFor({ timeout });
  await screenReady(page, { timeout });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Picks an option of a picker found by its label inside scope. A picker that searches on the
 * server redraws its list with the answer to what was typed: the option is clicked once that
 * answer is in and the list has settled, not while it is being replaced.
 */
export async function pickOption(
  page: Page,
  scope: Page | Locator,
  label: string,
  option: string,
  /** What a user types to find it (its name), where the option reads more (a code). */
  typed = option,
) {
  const box = scope.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) });
  const searches = await box.evaluate((el) => el.tagName === 'INPUT');
  await box.click();
  if (searches) {
    const answered = page.waitForResponse(
      (res) => new URL(res.url()).searchParams.get('search') === typed && res.request().method() === 'GET',
    );
    await box.fill(typed);
    await answered;
  }
  const listbox = page.getByRole('listbox');
  const item = listbox.getByRole('option', { name: option, exact: true });
  await item.waitFor();
  await screenReady(page, { scope: '[role="listbox"]' });
  await item.click();
  await listbox.waitFor({ state: 'detached' });
}

/**
 * Waits until a list has put its search or filter into the address. A list applies them after a
 * pause, and a late one takes the page back to the list from where the user has gone since (the
 * add dialog, the next screen).
 */
export async function untilInAddress(page: Page, text: string, timeout = 15_000) {
  await page.waitForURL((u) => decodeURIComponent(u.search).includes(text), { timeout });
}

/**
 * Closes what the last screen left open as a user does, with Escape: its dialog (pressed again
 * where the first Escape only closed a picker's list inside it), then the toast (a dialog keeps
 * Escape to itself while it is open). The next screen then opens as the menu opens it, without
 * booting the console again.
 */
export async function closeLayers(page: Page) {
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 3 && (await dialog.count()); i++) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
  }
  const toast = page.locator('.MuiSnackbar-root');
  if (await toast.count()) await page.keyboard.press('Escape');
  await toast.waitFor({ state: 'detached' });
}

/**
 * Opens a screen of the console as its menu does (the router, no new document), or by loading it
 * when the page is not on the console yet. A walk over every screen then does not boot the console
 * again for each (about a third of a browser test's CPU).
 */
export async function navigate(page: Page, path: string) {
  const url = new URL(page.url() === 'about:blank' ? 'http://x/' : page.url());
  const onConsole = url.protocol.startsWith('http') && url.pathname !== '/login' && url.pathname !== '/';
  if (!onConsole || !(await page.evaluate(() => Boolean(document.querySelector('#main-content, main'))))) {
    await page.goto(path);
    return;
  }
  // The router draws the new screen as a transition: the last screen stays until the new one is
  // put in its place, which the sidebar's link to it (aria-current) shows. A path with no link
  // of its own in the sidebar (a dialog's, a phone's closed drawer) is given two frames.
  await page.evaluate(
    (to) =>
      new Promise<void>((drawn) => {
        const link = () =>
          [...document.querySelectorAll('[data-testid="sidebar-menu"] a[href]')].find(
            (a) => a.getAttribute('href') === to,
          );
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
        const since = performance.now();
        const check = () => {
          const shown = link();
          if (!shown || shown.getAttribute('aria-current') === 'page' || performance.now() - since > 5000)
            drawn();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(() => requestAnimationFrame(check));
      }),
    path,
  );
  await page.waitForURL((u) => u.pathname + u.search === path || u.pathname === path);
}
