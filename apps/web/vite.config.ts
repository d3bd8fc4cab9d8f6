import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildStamp } from './build-stamp.ts';
import { pdfjsAssets } from './pdf-assets.ts';

const apiTarget = process.env.FORMBRIDGE_API ?? 'http://127.0.0.1:8000';

// `npm run dev`: Vite serves the app and forwards /api (and signed file URLs) to the server.
export default defineConfig({
  plugins: [react(), tailwindcss(), pdfjsAssets(), buildStamp()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // pdf.js alone is ~630 kB; it is split out and loads only on screens that show a PDF.
    chunkSizeWarningLimit: 700,
  },
});
