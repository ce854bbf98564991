/**
 * Accessibility checks in the browser with axe-core (the package's own axe.min.js, injected
 * into the page under test): WCAG 2.0/2.1 A and AA rules, and the test fails on any violation of
 * impact 'serious' or 'critical'.
 *
 * The console's Content-Security-Policy allows same-origin scripts only (no inline ones), so
 * axe is not injected as inline text: the page loads it from a same-origin path that the test
 * answers itself (page.route), and the policy under test stays untouched.
 */
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue, Result } from 'axe-core';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING: ImpactValue[] = ['serious', 'critical'];
/** Never served by the server: answered by the route below, in the page's own origin. */
const AXE_PATH = '/__e2e__/axe.min.js';
const routed = new WeakSet<Page>();

export interface AxeOptions {
  /** A CSS selector to check instead of the whole document. */
  include?: string;
  /** Selectors left out of the check. */
  exclude?: string[];
}

/**
 * Waits (up to 3 s) until no finite animation or transition runs in the page: a menu or tooltip
 * half faded in or out has the colours of neither state, and axe would judge its contrast at
 * that instant. Endless ones (spinners, progress bars) are not waited for.
 */
async function settleTransitions(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
          .length === 0,
      undefined,
      { timeout: 3000, polling: 50 },
    )
    .catch(() => undefined);
}

/** Runs axe-core in the page (injecting it once per document) with the WCAG 2.1 AA tags. */
export async function runAxe(page: Page, options: AxeOptions = {}): Promise<AxeResults> {
  await settleTransitions(page);
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) {
    if (!routed.has(page)) {
      await page.route(`**${AXE_PATH}`, (route) =>
        route.fulfill({ path: AXE_SCRIPT, contentType: 'text/javascript; charset=utf-8' }),
      );
      routed.add(page);
    }
    await page.addScriptTag({ url: AXE_PATH });
  }
  return page.evaluate(
    ({ tags, include, exclude }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context =
        include || exclude.length
          ? { include: include ? [include] : [document.documentElement], exclude }
          : document;
      return axe.run(context as never, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        // The page's style sheets are fetched only for an experimental rule, which these tags
        // leave out.
        preload: false,
      });
    },
    { tags: WCAG_AA_TAGS, include: options.include, exclude: options.exclude ?? [] },
  ) as Promise<AxeResults>;
}

/** The serious and critical violations of a run. */
export const blockingViolations = (results: AxeResults) =>
  results.violations.filter((v) => v.impact && BLOCKING.includes(v.impact));

/** One line per violation and a few of its elements, for a readable failure message. */
export function describeViolations(violations: Result[]) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n${nodes}${more}`;
    })
    .join('\n');
}

/** The serious and critical violations on the page now, one entry naming `what`, or none. */
export async function axeProblems(page: Page, what: string, options: AxeOptions = {}) {
  const violations = blockingViolations(await runAxe(page, options));
  return violations.length ? [`axe on ${what}:\n${describeViolations(violations)}`] : [];
}

/** Fails with the list of serious/critical violations when there are any. */
export async function expectNoSeriousA11yViolations(page: Page, what: string, options: AxeOptions = {}) {
  const problems = await axeProblems(page, what, options);
  expect(problems.length, problems.join('\n')).toBe(0);
}
