import { lazy } from 'react';

/** Simulator API keys (spec part 2 §2 'Simulator API Keys'). */
export default lazy(() => import('./ApiKeyList'));
