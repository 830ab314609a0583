import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const functionsPort = process.env.VITE_FUNCTIONS_PORT ?? '5001';
const projectId = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-bagshop';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    // In `npm run dev` the API is the Functions emulator; the function serves /api/... as is.
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${functionsPort}`,
        rewrite: (path) => `/${projectId}/asia-south1/api${path}`,
      },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: process.env.BAGSHOP_SOURCEMAP === 'true',
    rolldownOptions: {
      // Zod schemas built at module level (e.g. domain's categorySchema) are pure values:
      // a page that needs only CATEGORY_LABELS must not pay for all of zod (~25 KB gz).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
