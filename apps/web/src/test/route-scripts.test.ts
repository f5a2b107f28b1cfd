import { describe, expect, it } from 'vitest';
import type { BuiltChunk } from '../../scripts/offline-files.ts';
import { budgetMisses, routeScriptFiles, weighRoutes } from '../../scripts/route-scripts.ts';
import { namespacesFor } from '../app/router.tsx';
import { ROUTE_BUDGETS, SCRIPT_GOAL_KIB } from '../config/route-budgets.ts';
import { chunk } from './built-chunk.ts';

/** A small build: the shell's entry, the app, two pages (one with a form library), the API loaded lazily. */
const build = () =>
  new Map<string, BuiltChunk>([
    chunk('assets/index.js', 'index.html', [], { isEntry: true, dynamicImports: ['assets/main.js'] }),
    chunk('assets/main.js', 'src/main.tsx', ['assets/react.js'], {
      dynamicImports: ['assets/home.js', 'assets/login.js'],
    }),
    chunk('assets/react.js', null),
    chunk('assets/home.js', 'src/app/routes/home.tsx', ['assets/react.js']),
    chunk('assets/login.js', 'src/app/routes/login.tsx', ['assets/react.js', 'assets/form.js'], {
      dynamicImports: ['assets/api.js'],
    }),
    chunk('assets/form.js', null),
    chunk('assets/api.js', 'src/lib/api.ts', ['assets/react.js']),
  ]);

const SIZES: Record<string, number> = {
  'assets/index.js': 1024,
  'assets/main.js': 10 * 1024,
  'assets/react.js': 50 * 1024,
  'assets/home.js': 5 * 1024,
  'assets/login.js': 4 * 1024,
  'assets/form.js': 12 * 1024,
  'assets/api.js': 30 * 1024,
};
const sizeOf = (file: string) => SIZES[file] ?? 0;

describe('the script a page loads', () => {
  it('is the entry, the app and the page with what they import statically, not what they load later', () => {
    expect(routeScriptFiles(build(), ['src/main.tsx', 'src/app/routes/login.tsx']).sort()).toEqual([
      'assets/form.js',
      'assets/index.js',
      'assets/login.js',
      'assets/main.js',
      'assets/react.js',
    ]);
  });

  it('names the module whose chunk is missing', () => {
    expect(() => routeScriptFiles(build(), ['src/app/routes/team.tsx'])).toThrow(
      'no chunk stands for src/app/routes/team.tsx',
    );
  });
});

describe('the script budget per page', () => {
  const routes = [
    { path: '/', modules: ['src/main.tsx', 'src/app/routes/home.tsx'], budgetBytes: 70 * 1024 },
    { path: '/login', modules: ['src/main.tsx', 'src/app/routes/login.tsx'], budgetBytes: 70 * 1024 },
  ];

  it('fails the page that passes its budget, and says by how much', () => {
    const weights = weighRoutes(build(), routes, sizeOf, 0);
    expect(weights.map(({ path, bytes, over }) => ({ path, bytes, over }))).toEqual([
      { path: '/', bytes: 66 * 1024, over: false },
      { path: '/login', bytes: 77 * 1024, over: true },
    ]);
    expect(budgetMisses(weights)).toEqual(['/login: 77.0 KiB of script, over its budget of 70.0 KiB']);
  });

  it("counts each file's response headers: a page of more files weighs more for the same bytes", () => {
    const [home, login] = weighRoutes(build(), routes, sizeOf, 240);
    // `/`: index, main, react, home; `/login`: the same four with form instead of home, and login.
    expect(home?.bytes).toBe(66 * 1024 + 4 * 240);
    expect(login?.bytes).toBe(77 * 1024 + 5 * 240);
  });

  it('passes when every page is within its own budget', () => {
    const roomy = routes.map((route) => ({ ...route, budgetBytes: 77 * 1024 }));
    expect(budgetMisses(weighRoutes(build(), roomy, sizeOf, 0))).toEqual([]);
  });
});

describe('the budgeted pages', () => {
  it.each(ROUTE_BUDGETS)('$path names the texts its route loads', (route) => {
    expect([...route.namespaces]).toEqual(namespacesFor(route.path));
  });

  it.each(ROUTE_BUDGETS)('$path may load no more than the goal of 120 KiB', (route) => {
    expect(route.budgetKiB).toBeLessThanOrEqual(SCRIPT_GOAL_KIB);
  });
});
