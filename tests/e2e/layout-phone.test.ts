/** Layout and axe at 390 px: see layout-walk.ts (1,440 px: the language walk's). */
import { layoutSuite, VIEWPORTS } from './layout-walk';

layoutSuite(VIEWPORTS[1]);
