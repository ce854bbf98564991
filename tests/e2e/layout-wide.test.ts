/** Layout at 1,440 px: see layout-walk.ts for what is measured. */
import { layoutSuite, VIEWPORTS } from './layout-walk';

layoutSuite(VIEWPORTS[0]);
