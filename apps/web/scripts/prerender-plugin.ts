import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { OFFLINE_PAGES } from '../src/config/offline-pages.ts';
import { brotliFile, COMPRESS_MIN_BYTES, gzipFile } from './compression.ts';
import { withModulePreloads } from './module-preloads.ts';

/**
 * Pre-renders the public pages after the browser build (docs/decisions/005-prerendering.md).
 *
 * When `vite build` has written the browser bundle to its outDir (whatever --outDir says), this plugin
 * builds src/entry-server.tsx for Node, renders each page of PRERENDERED_PAGES to HTML with react-dom's
 * server renderer, and writes it into the shell (index.html) with the page's title, description, Open
 * Graph tags and the list of the page's modules (its code and texts, which src/boot.ts fetches after the
 * first paint: docs/decisions/013-first-load.md): dist/home.html for `/`, dist/<path>/index.html for the
 * others. The exam's pages (OFFLINE_PAGES: signed in, so not pre-rendered) get the empty shell with
 * <link rel="modulepreload"> for every chunk they load before the first question shows
 * (docs/decisions/073-exam-page-chunks-in-its-html.md), written to dist/<path>/index.html the same way.
 * index.html itself stays the empty SPA shell for every other address. It also writes
 * sitemap.xml and robots.txt, and a Brotli and a gzip copy of every text file (served as they are). SITE_URL (default http://localhost:3000) is the public address used in
 * absolute URLs (sitemap, og:url).
 */

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;
type ServerEntry = {
  PRERENDERED_PAGES: readonly { path: string; meta: string; module: string; sitemap: boolean }[];
  PRERENDERED_LANGUAGES: readonly string[];
  namespacesFor: (pathname: string) => readonly string[];
  namespaceSource: (language: string, namespace: string) => string;
  CORE_NAMESPACES: readonly string[];
  render: (
    pathname: string,
    origin: string,
    language: string,
  ) => Promise<{ html: string; meta: { title: string; description: string }; language: string }>;
};

/** The Open Graph locale of each language. */
const OG_LOCALE: Record<string, string> = { en: 'en_US', bn: 'bn_BD' };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The file a pre-rendered page is written to, relative to outDir: English as before, every other
 * language beside it with the language before `.html` (home.bn.html, about/index.bn.html).
 */
export function pageFile(pathname: string, language = 'en'): string {
  const suffix = language === 'en' ? '.html' : `.${language}.html`;
  return pathname === '/' ? `home${suffix}` : path.join(pathname.replace(/^\/+|\/+$/g, ''), `index${suffix}`);
}

/** The shell (index.html) with the page's language on <html>. */
export function withLanguage(html: string, language: string): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
}

/** The chunks a route module needs (itself and its static imports), as URLs. */
function chunkUrls(manifest: Manifest, key: string, base: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [
    `${base}${chunk.file}`,
    ...(chunk.imports ?? []).flatMap((i) => chunkUrls(manifest, i, base, seen)),
  ];
}

/** The chunks of a namespace's texts (the module and what it imports), which must be a chunk of its own. */
function namespaceChunk(manifest: Manifest, source: string, base: string): string[] {
  if (!manifest[source]) throw new Error(`no chunk for ${source}: is it still loaded with import()?`);
  return chunkUrls(manifest, source, base);
}

function pageHtml(
  template: string,
  page: {
    title: string;
    description: string;
    url: string;
    html: string;
    modules: string[];
    siteName: string;
    language: string;
  },
): string {
  const head = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(page.siteName)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[page.language] ?? 'en_US'}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(page.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    // The page's own modules (its route's code and texts), which boot.ts fetches after the first paint:
    // not modulepreload links, which would compete with the first paint (docs/decisions/013-first-load.md).
    `<meta name="ngso:modules" content="${[...new Set(page.modules)].join(' ')}" />`,
  ].join('\n    ');
  const replaced = withLanguage(template, page.language)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
  if (!replaced.includes(page.html)) throw new Error('index.html has no <div id="root"></div>');
  return replaced;
}

/**
 * What a signed-in page loads besides its route and texts, before it shows anything: the app (fetched by
 * the shell's script once it runs), the store (loaded at the start when somebody is signed in), the
 * session's calls, the account menu of the navigation bar.
 */
const EXAM_SHELL_MODULES = [
  'src/main.tsx',
  'src/app/store.ts',
  'src/app/session-queries.tsx',
  'src/app/layout/account-nav.tsx',
];

const COMPRESSIBLE = /\.(js|css|svg|xml|txt|json|webmanifest)$/;

/** Writes x.br and x.gz beside every text file worth compressing (the server sends them as they are). */
async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = await readFile(file);
    if (content.length < COMPRESS_MIN_BYTES) continue;
    await writeFile(`${file}.br`, await brotliFile(content));
    await writeFile(`${file}.gz`, await gzipFile(content));
  }
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ngso-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || process.env.NGSO_PRERENDER === 'off') return;
      const started = performance.now();
      const outDir = path.resolve(config.root, config.build.outDir);
      const siteUrl = (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
      const serverDir = path.join(config.root, 'node_modules', '.cache', `ngso-prerender-${process.pid}`);

      await build({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          minify: false,
        },
      });

      try {
        const entry = (await import(
          pathToFileURL(path.join(serverDir, 'entry-server.js')).href
        )) as ServerEntry;
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        const manifestFile = path.join(outDir, '.vite', 'manifest.json');
        const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
        const base = config.base;

        for (const language of entry.PRERENDERED_LANGUAGES) {
          for (const page of entry.PRERENDERED_PAGES) {
            const { html, meta } = await entry.render(page.path, siteUrl, language);
            const file = path.join(outDir, pageFile(page.path, language));
            await mkdir(path.dirname(file), { recursive: true });
            await writeFile(
              file,
              pageHtml(template, {
                ...meta,
                html,
                language,
                url: `${siteUrl}${page.path}`,
                siteName: 'National General Science Olympiad',
                modules: [
                  ...chunkUrls(manifest, `src/app/routes/${page.module}.tsx`, base),
                  // The page's texts and the chrome's, in its language, which it needs before it hydrates.
                  ...[...entry.CORE_NAMESPACES, ...entry.namespacesFor(page.path)].flatMap((namespace) =>
                    namespaceChunk(manifest, entry.namespaceSource(language, namespace), base),
                  ),
                ],
              }),
            );
          }
          // The exam's pages: the empty shell with their chunks announced (decision 073).
          for (const page of OFFLINE_PAGES) {
            const file = path.join(outDir, pageFile(page.path, language));
            await mkdir(path.dirname(file), { recursive: true });
            const modules = [
              ...EXAM_SHELL_MODULES.flatMap((module) => chunkUrls(manifest, module, base)),
              ...chunkUrls(manifest, `src/app/routes/${page.module}.tsx`, base),
              ...[...entry.CORE_NAMESPACES, ...entry.namespacesFor(page.path)].flatMap((namespace) =>
                namespaceChunk(manifest, entry.namespaceSource(language, namespace), base),
              ),
            ];
            await writeFile(file, withModulePreloads(withLanguage(template, language), modules));
          }
          // The empty shell of every other address, in this language (the client renders in it).
          if (language !== 'en') {
            await writeFile(path.join(outDir, `index.${language}.html`), withLanguage(template, language));
          }
        }

        const today = new Date().toISOString().slice(0, 10);
        const urls = entry.PRERENDERED_PAGES.filter((page) => page.sitemap)
          .map((page) => `  <url><loc>${siteUrl}${page.path}</loc><lastmod>${today}</lastmod></url>`)
          .join('\n');
        await writeFile(
          path.join(outDir, 'sitemap.xml'),
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
        );
        await writeFile(
          path.join(outDir, 'robots.txt'),
          `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
        );
        // The manifest was only for this step; it is not served.
        await rm(path.join(outDir, '.vite'), { recursive: true, force: true });
        await precompress(outDir);
        config.logger.info(
          `pre-rendered ${entry.PRERENDERED_PAGES.length} pages × ${entry.PRERENDERED_LANGUAGES.length} languages in ${Math.round(performance.now() - started)} ms`,
        );
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
