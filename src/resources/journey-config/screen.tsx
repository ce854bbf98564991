import { lazy } from 'react';

/** Journey Configuration Management (spec part 2 §2): the list with 'initialize defaults'. */
export default lazy(() => import('./JourneyConfigScreen'));
