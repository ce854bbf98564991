/** Layout at 390 px, and the axe check of the changed screens: see layout-walk.ts. */
import { it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { layoutSuite, VIEWPORTS, SHOTS } from './layout-walk';
import { screenReady } from './waits';
import { shoot } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

layoutSuite(VIEWPORTS[1], (pages) => {
  it('the changed screens stay axe clean in both languages at both widths (screenshots in /tmp/shots with SHOTS=1)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const [lang, p] of [
      ['id', pages().page],
      ['en', pages().en],
    ] as const)
      for (const size of VIEWPORTS) {
        await p.setViewportSize(size);
        for (const path of [
          '/simulator/facilities',
          '/simulator/schedules/create',
          '/master/appointments/create',
        ]) {
          await p.goto(path);
          await screenReady(p);
          const what = `${path} (${lang}, ${size.width} px)`;
          await expectNoSeriousA11yViolations(p, what);
          const name = path.slice(1).replace(/\//g, '-');
          await shoot(p, { path: `${SHOTS}/layout-${name}-${lang}-${size.width}.png` });
          if (!path.endsWith('/create')) continue;
          // The form's error toast, where it shows beside the dialog's buttons.
          await p
            .getByRole('dialog')
            .getByRole('button', { name: lang === 'id' ? 'Simpan' : 'Save' })
            .click();
          await p.locator('.MuiSnackbar-root').waitFor();
          await screenReady(p);
          await shoot(p, { path: `${SHOTS}/layout-${name}-toast-${lang}-${size.width}.png` });
        }
      }
  }, 120_000);
});
