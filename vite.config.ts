import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rjsfValidators } from './scripts/rjsf-validators';

// The console is built into dist/ and served by the API server at /.
// In development `npm run dev` proxies /api to the server on port 3001.
export default defineConfig({
  plugins: [react(), rjsfValidators()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2500,
    // What every first screen needs (the modules the entry imports, directly or not) is one file:
    // the first load makes a few requests instead of about seventy. Screens loaded on demand
    // keep their own files.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'console', tags: ['$initial'] }] } } },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3001' } },
});
