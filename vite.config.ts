import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rjsfValidators } from './scripts/rjsf-validators';

// The console is built into dist/ and served by the API server at /.
// In development `npm run dev` proxies /api to the server on port 3001.
export default defineConfig({
  plugins: [react(), rjsfValidators()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3001' } },
});
