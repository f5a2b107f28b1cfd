import type { Language } from '@ngso/shared/language';
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';
import { OFFLINE_NAMESPACES, OFFLINE_PAGES } from '../src/config/offline-pages.ts';
import { CORE_NAMESPACES, NAMESPACE_LOADERS, namespaceSource } from '../src/i18n/namespaces.ts';
import { builtChunks } from './built-chunks.ts';
import { consoleChunksAmong, consoleChunksOf, offlineChunkFiles } from './offline-files.ts';

/** Files of the build every offline page needs besides the chunks (vite-plugin-pwa adds the manifest itself). */
const SHELL_FILES = ['index.html', 'favicon.svg'];
/** The Bengali web font (i18n/bangla-font.css) and the photo compression worker (lib/media). */
const FONT = /(^|\/)noto-sans-bengali-[^/]*\.woff2$/;
const WORKER = /(^|\/)compress\.worker-[^/]*\.js$/;

/** The route module of each offline page, relative to the app's root. */
const offlineRouteModules = () => OFFLINE_PAGES.map((page) => `src/app/routes/${page.module}.tsx`);

/** The modules the offline pages load after the entry: the app, the pages, the session's calls, the texts. */
function offlineModules(): string[] {
  const namespaces = [...CORE_NAMESPACES, ...OFFLINE_NAMESPACES];
  // The languages of the texts (not @ngso/shared's list: the config cannot load the workspace's TypeScript).
  const languages = Object.keys(NAMESPACE_LOADERS) as Language[];
  const texts = languages.flatMap((language) => namespaces.map((ns) => namespaceSource(language, ns)));
  return [...new Set(['src/main.tsx', 'src/app/session-queries.tsx', ...offlineRouteModules(), ...texts])];
}

/**
 * Works out, from the bundle itself (docs/decisions/060-offline-exam-pages.md), which files the offline
 * pages need, and fails the build when one of those pages loads a chunk of the organisers' console
 * statically. `precacheOnly` is a Workbox manifest transform that keeps only those files in the service
 * worker's precache (the glob finds every file of the build; the console's and the artwork stay out).
 */
export function offlinePages(): { plugin: Plugin; precacheOnly: ManifestTransform } {
  const keep = new Set<string>();
  const plugin: Plugin = {
    name: 'ngso-offline-pages',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const chunks = builtChunks(bundle, this.environment.config.root);
      const offending = consoleChunksOf(chunks, offlineRouteModules());
      if (offending.size > 0) {
        const lines = [...offending].map(([page, files]) => `  ${page}: ${files.join(', ')}`);
        this.error(`the exam pages must not load the console's code:\n${lines.join('\n')}`);
      }
      const offline = offlineChunkFiles(chunks, offlineModules());
      const cached = consoleChunksAmong(chunks, offline);
      if (cached.length > 0) this.error(`the console's code must not be precached: ${cached.join(', ')}`);
      keep.clear();
      for (const file of offline) keep.add(file);
      const files = Object.keys(bundle);
      const fonts = files.filter((file) => FONT.test(file));
      const workers = files.filter((file) => WORKER.test(file));
      if (fonts.length === 0 || workers.length === 0)
        this.error('the Bengali font or the compression worker is missing from the build');
      for (const file of [...fonts, ...workers, ...SHELL_FILES]) keep.add(file);
    },
  };
  const precacheOnly: ManifestTransform = async (entries) => ({
    manifest: entries.filter((entry) => keep.has(entry.url.replace(/^\//, ''))),
    warnings: [],
  });
  return { plugin, precacheOnly };
}
