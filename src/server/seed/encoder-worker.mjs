// A thread of the bulk loader's encoder pool: TypeScript through tsx, then the worker module.
import { tsImport } from 'tsx/esm/api';

await tsImport('./encoder-worker.ts', import.meta.url);
