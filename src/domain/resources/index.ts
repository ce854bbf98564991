import type { ResourceDeclaration } from '../resource';
import { patients } from './patients';

/** Every declared resource: the server registers its API, the console its screens. */
export const RESOURCES: ResourceDeclaration[] = [patients];
