import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerender } from './scripts/prerender-plugin.ts';
import { rasterImages } from './scripts/raster-images-plugin.ts';

/** The API the dev server proxies to (`npm run dev` runs it on port 3000). */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), rasterImages(), prerender()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the pre-render step (the chunks each page needs), then deleted.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': {
        target: API_TARGET,
        // `npm run dev` starts the API with BASE_URL set to this dev server, so the browser's Origin
        // (this server) is the site's own and mail links open here.
        changeOrigin: true,
      },
    },
  },
});
