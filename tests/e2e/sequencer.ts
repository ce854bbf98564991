/**
 * The order the browser and API files start in: the longest first, so that none of them starts last and
 * keeps the run going alone. Vitest orders by the last run's durations where its cache has them
 * (not on a fresh clone, where it goes by file size, and a walk's file is small: its steps live
 * in a module beside it), so the files known to take a minute or more come first, in this order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = [
  'language-walk',
  'role-walk-others',
  'generated-screens',
  'mobile-simulator',
  'role-walk-admin',
  'layout-phone',
  'simulator',
  'a11y',
  'role-walk-facility',
  'master-data-b',
  'dashboard',
  // API files of a minute or more (they wait on child processes and timers).
  'events',
  'backup',
  'crash',
  'import-large',
];

const rank = (spec: TestSpecification) => {
  const name = /([^/]+)\.test\.ts$/.exec(spec.moduleId)?.[1] ?? '';
  const i = LONGEST.indexOf(name);
  return i === -1 ? LONGEST.length : i;
};

export default class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const base = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep Vitest's order after the long ones.
    return base.sort((a, b) => rank(a) - rank(b));
  }
}
