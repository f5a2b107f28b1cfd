import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerender } from './scripts/prerender-plugin.ts';
import { rasterImages } from './scripts/raster-images-plugin.ts';

/** Packages that must stay one copy for the whole page (React's hooks need a single React). */
const SINGLETONS = /^(react|react-dom|scheduler)(\/|$)/;
const CHARTS_COPY = '?charts-copy';

/**
 * The chart library (recharts, the console's dashboard only) uses Redux Toolkit, as the app does. Shared,
 * the two would make one chunk of the union of what each uses, loaded by every public page. Here the
 * packages recharts imports (and theirs) get a copy of their own in the dashboard's charts chunk, so the
 * public pages load no byte more for the charts (docs/decisions/036-dashboard-charts.md).
 */
function chartsOwnDependencies(): Plugin {
  return {
    name: 'ngso-charts-own-dependencies',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || SINGLETONS.test(source) || source.startsWith('\0')) return null;
      const fromCharts = /[\\/]node_modules[\\/]recharts[\\/]/.test(importer) && !source.startsWith('.');
      if (!fromCharts && !importer.endsWith(CHARTS_COPY)) return null;
      const resolved = await this.resolve(source, importer.replace(CHARTS_COPY, ''), {
        ...options,
        skipSelf: true,
      });
      if (!resolved || resolved.external || !resolved.id.includes('node_modules')) return null;
      if (/[\\/]node_modules[\\/]recharts[\\/]/.test(resolved.id)) return null;
      return { ...resolved, id: `${resolved.id}${CHARTS_COPY}` };
    },
  };
}

/** The API the dev server proxies to (`npm run dev` runs it on port 3000). */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [chartsOwnDependencies(), react(), tailwindcss(), rasterImages(), prerender()],
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
