import { describe, expect, it } from 'vitest';
import { type BuiltChunk, consoleChunksOf, offlineChunkFiles } from '../../scripts/offline-files.ts';
import { OFFLINE_NAVIGATION } from '../config/offline-pages.ts';
import { chunk } from './built-chunk.ts';

/** A small build: the shell's entry, the app, the exam's route and a helper; the console's route apart. */
const build = () =>
  new Map<string, BuiltChunk>([
    chunk('assets/index.js', 'index.html', [], { isEntry: true, css: ['assets/index.css'] }),
    chunk('assets/main.js', 'src/main.tsx', ['assets/index.js', 'assets/i18n.js'], {
      // The router loads every page and the chrome's lazy account menu.
      dynamicImports: ['assets/final-exam.js', 'assets/admin.js', 'assets/home.js', 'assets/account-nav.js'],
    }),
    chunk('assets/account-nav.js', 'src/app/layout/account-nav.tsx'),
    chunk('assets/home.js', 'src/app/routes/home.tsx'),
    chunk('assets/final-exam.js', 'src/app/routes/final-exam.tsx', ['assets/main.js', 'assets/alert.js']),
    chunk('assets/alert.js', null, [], { modules: ['src/components/ui/alert.tsx'] }),
    chunk('assets/admin.js', 'src/app/routes/admin.tsx', ['assets/main.js', 'assets/alert.js']),
    chunk('assets/i18n.js', null, [], {
      modules: ['src/i18n/namespaces.ts'],
      dynamicImports: ['assets/en-exam.js', 'assets/en-home.js'],
    }),
    chunk('assets/en-exam.js', 'src/i18n/locales/en/exam.ts'),
    chunk('assets/en-home.js', 'src/i18n/locales/en/home.ts'),
  ]);

describe('the files of the offline exam pages', () => {
  it("are the entry, the pages' chunks with what they load, their texts and CSS; no other page, no console", () => {
    const files = offlineChunkFiles(build(), [
      'src/app/routes/final-exam.tsx',
      'src/i18n/locales/en/exam.ts',
    ]);
    expect([...files].sort()).toEqual([
      'assets/account-nav.js',
      'assets/alert.js',
      'assets/en-exam.js',
      'assets/final-exam.js',
      'assets/i18n.js',
      'assets/index.css',
      'assets/index.js',
      'assets/main.js',
    ]);
  });

  it('fails loudly when a module asked for has no chunk of its own', () => {
    expect(() => offlineChunkFiles(build(), ['src/app/routes/gone.tsx'])).toThrow(/no chunk stands for/);
  });

  it("finds none of the console's chunks in the exam page's static imports", () => {
    expect(consoleChunksOf(build(), ['src/app/routes/final-exam.tsx']).size).toBe(0);
  });

  it("names the console's chunk a page imports statically (a shared module that pulls in its texts)", () => {
    const chunks = build();
    chunks.set(
      'assets/alert.js',
      chunk('assets/alert.js', null, ['assets/admin-texts.js'], {
        modules: ['src/components/ui/alert.tsx'],
      })[1],
    );
    chunks.set('assets/admin-texts.js', chunk('assets/admin-texts.js', 'src/i18n/locales/en/admin.ts')[1]);
    expect(consoleChunksOf(chunks, ['src/app/routes/final-exam.tsx'])).toEqual(
      new Map([['src/app/routes/final-exam.tsx', ['assets/admin-texts.js (src/i18n/locales/en/admin.ts)']]]),
    );
  });
});

describe('the navigations the service worker answers with the cached shell', () => {
  it('are the exam pages only', () => {
    for (const url of [
      '/final-exam',
      '/final-exam/',
      '/exam-countdown?x=1',
      '/practice-exam',
      '/submission-success',
    ])
      expect(OFFLINE_NAVIGATION.test(url), url).toBe(true);
    for (const url of ['/', '/admin', '/admin/exam', '/final-exam-old', '/api/v1/time', '/profile'])
      expect(OFFLINE_NAVIGATION.test(url), url).toBe(false);
  });
});
