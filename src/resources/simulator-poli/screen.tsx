import { lazy } from 'react';

/** 'Simulasi Poli' (spec part 2 §2): the generic list with the copy-from-master dialog. */
export default lazy(() => import('./PoliScreen'));
