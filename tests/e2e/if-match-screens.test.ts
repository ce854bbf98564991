/**
 * Every write the console makes carries If-Match (1 of 2): each master-data screen the
 * declarations put in the menu (src/resources, at its menu path): an existing record's edit
 * dialog saved, then the record deleted. Each PUT, PATCH and DELETE the page sends names the
 * version stored when it was sent (read through the API), and the server takes it. The sandbox
 * screens and the hand-made pages are in if-match-pages.test.ts, the integrated facility screen
 * in if-match.test.ts.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SKIP_E2E, startE2E, type E2E } from './harness';
import { SCREENS, walkScreen, walker, type Walker } from './if-match-walk';

describe.skipIf(SKIP_E2E)('every master-data dialog save and delete carries If-Match (e2e)', () => {
  let e2e: E2E;
  let w: Walker;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 12 });
    w = await walker(e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  for (const { decl, path } of SCREENS.filter((s) => s.path.startsWith('/master/')))
    it(`${path}: the edit dialog's save and the delete are conditional on the version stored`, () =>
      walkScreen(w, decl, path));
});
