/**
 * "The screen has drawn what it loads", without Playwright's `networkidle` (which waits 500 ms of
 * silence after every step, and a walk over every screen takes thousands of steps).
 *
 * The harness counts each page's requests (scripts and chunks included; not the event stream,
 * which stays open). A screen is settled when none is in flight and none ended in the last
 * QUIET_MS (a list's answer leads to its references' request within a render), the document has
 * loaded, no loading indicator or skeleton shows, and no finite animation runs (a dialog sliding
 * in, a drawer).
 */
import type { BrowserContext, Page, Request } from 'playwright-core';

const QUIET_MS = 250;

interface Traffic {
  inflight: Set<Request>;
  last: number;
}

const traffic = new WeakMap<Page, Traffic>();
const trafficOf = (page: Page) => {
  let t = traffic.get(page);
  if (!t) traffic.set(page, (t = { inflight: new Set(), last: performance.now() }));
  return t;
};
/** The event stream never ends: it is not what a screen waits for. */
const counted = (req: Request) => !/\/api\/events(\?|$)/.test(req.url());

export function trackNetwork(context: BrowserContext) {
  context.on('request', (req) => {
    const page = req.frame().page();
    if (counted(req)) trafficOf(page).inflight.add(req);
  });
  const done = (req: Request) => {
    const t = traffic.get(req.frame().page());
    if (t?.inflight.delete(req)) t.last = performance.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

function drawnInPage() {
  if (document.readyState !== 'complete') return false;
  if (document.querySelector('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root')) return false;
  return (
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
      .length === 0
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits (up to `timeout`, then goes on: the caller's own checks tell what is missing). Returns
 * whether the screen settled.
 */
export async function settle(page: Page, timeout = 10_000): Promise<boolean> {
  const t = trafficOf(page);
  const end = performance.now() + timeout;
  while (performance.now() < end) {
    const quietFor = performance.now() - t.last;
    if (t.inflight.size === 0 && quietFor >= QUIET_MS) {
      if (await page.evaluate(drawnInPage).catch(() => false)) {
        // Drawn, and still quiet: nothing was asked while the page was read.
        if (t.inflight.size === 0 && performance.now() - t.last >= QUIET_MS) return true;
      }
      await sleep(50);
    } else await sleep(t.inflight.size ? 50 : QUIET_MS - quietFor);
  }
  return false;
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
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname + u.search === path || u.pathname === path);
}
