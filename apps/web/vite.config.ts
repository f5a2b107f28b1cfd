import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_ICONS, appIcons, ICON_BACKGROUND } from './scripts/app-icons-plugin.ts';
import { offlinePages } from './scripts/offline-plugin.ts';
import { prerender } from './scripts/prerender-plugin.ts';
import { rasterImages } from './scripts/raster-images-plugin.ts';
import { routeBudgets } from './scripts/size-budget-plugin.ts';
import {
  OFFLINE_NAVIGATION,
  QUESTION_DIAGRAM_ADDRESS,
  QUESTION_DIAGRAMS_CACHE,
} from './src/config/offline-pages.ts';
import { paths } from './src/config/paths.ts';

/** Packages that must stay one copy for the whole page (React's hooks need a single React). */
const SINGLETONS = /^(react|react-dom|scheduler)(\/|$)/;
const CHARTS_COPY = '?charts-copy';
/** The libraries every page runs, put in one chunk (build.rolldownOptions below). */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|use-sync-external-store|i18next|react-i18next)[\\/]/;
/**
 * Small modules the app's start (src/main.tsx) imports that other chunks import too, so the automatic split
 * gives each a chunk of a few hundred bytes, and every page a request for each: the paths, the language
 * helpers, the shared constants, the i18n set-up and its reading of a check's message (every form's), the
 * spinner. One chunk instead of six (issue 46, docs/decisions/079-script-files-counted-with-their-headers.md).
 */
const APP_START =
  /[\\/]apps[\\/]web[\\/]src[\\/](config[\\/]paths|i18n[\\/](i18n|namespaces|message)|components[\\/]ui[\\/]spinner)\.tsx?$|[\\/]packages[\\/]shared[\\/]src[\\/](language|constants)\.ts$/;
/**
 * What the sign-in forms share and no page outside the sign-in pages needs first: the card around them,
 * the form's parts and the native form's hook with its call and failure (decision 075). One chunk instead of
 * three.
 */
const SIGN_IN_FORMS =
  /[\\/]apps[\\/]web[\\/]src[\\/](features[\\/]auth[\\/]components[\\/](auth-shell|form-parts)|lib[\\/](native-form|api-failure|deferred-mutation))\.tsx?$/;

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

const offline = offlinePages();

/**
 * The service worker and the web app manifest (docs/decisions/060-offline-exam-pages.md): Workbox
 * precaches what the exam pages need (offline-plugin.ts picks the files), answers a navigation to them
 * with the cached shell, and keeps the questions' diagrams the server gave (network first, the cache only
 * with no connection); no other /api call is touched. A new worker waits until every tab of the site is
 * closed (no skipWaiting): a page is never swapped under a student in the middle of an exam.
 */
const serviceWorker = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  // The page registers it itself (src/lib/service-worker.ts): an inline script would break the CSP.
  injectRegister: false,
  integration: { closeBundleOrder: 'post' },
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'National General Science Olympiad',
    short_name: 'বিজ্ঞান অলিম্পিয়াড',
    description:
      'National General Science Olympiad: finding the hidden scientists of Bangladesh. জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড।',
    lang: 'en',
    dir: 'ltr',
    start_url: paths.finalExam,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: ICON_BACKGROUND,
    background_color: '#ffffff',
    icons: [
      { src: `/${APP_ICONS.any192}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/${APP_ICONS.any512}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/${APP_ICONS.maskable512}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
    manifestTransforms: [offline.precacheOnly],
    navigateFallback: 'index.html',
    navigateFallbackAllowlist: [OFFLINE_NAVIGATION],
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false,
    runtimeCaching: [
      {
        urlPattern: QUESTION_DIAGRAM_ADDRESS,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: QUESTION_DIAGRAMS_CACHE,
          // A link that hangs (not one that refuses) shows the kept diagram after this long.
          networkTimeoutSeconds: 10,
          // Only what the server gave this student (never a 403 before the start, nor a 404).
          cacheableResponse: { statuses: [200] },
          // A window and its grace are hours; the next exam has other diagrams.
          expiration: { maxEntries: 200, maxAgeSeconds: 24 * 60 * 60 },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [
    chartsOwnDependencies(),
    react(),
    tailwindcss(),
    rasterImages(),
    appIcons(),
    offline.plugin,
    routeBudgets(),
    prerender(),
    serviceWorker,
  ],
  resolve: {
    alias: [
      // React's own useSyncExternalStore instead of the shim's copy (src/lib/use-sync-external-store-shim.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the shell's script.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    // Read by the pre-render step (the chunks each page needs), then deleted.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page runs (React, the router, react-redux, i18next) in one chunk rather
              // than five: compressed together they are 2 to 3 KiB smaller (issue 46). The charts' own
              // copies stay with the charts.
              name: 'framework',
              test: (id: string) => !id.endsWith(CHARTS_COPY) && FRAMEWORK.test(id),
            },
            // Only the modules named: what they import stays where it was (the shell's own script among it).
            { name: 'start', test: APP_START, includeDependenciesRecursively: false },
            { name: 'sign-in', test: SIGN_IN_FORMS, includeDependenciesRecursively: false },
          ],
        },
      },
    },
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
