/**
 * How much script each page loads, worked out from the bundle's own graph
 * (docs/decisions/069-script-budget-per-route.md). Plain data in, plain data out: the Vite plugin
 * (size-budget-plugin.ts) feeds it the chunks of the build and their compressed sizes, a test feeds it
 * small graphs.
 */
import { type BuiltChunk, staticClosure } from './offline-files.ts';

/** A page to weigh: the modules it loads (the app, its route, its texts) and its budget. */
export type RouteToWeigh = { path: string; modules: readonly string[]; budgetBytes: number };

/** A page's weight: its chunks and their compressed bytes, and whether that is over its budget. */
export type RouteWeight = {
  path: string;
  files: string[];
  bytes: number;
  budgetBytes: number;
  over: boolean;
};

/** The chunk standing for a module (by its path relative to the app's root). */
function chunkFileOf(chunks: ReadonlyMap<string, BuiltChunk>, facade: string): string {
  for (const chunk of chunks.values()) if (chunk.facade === facade) return chunk.file;
  throw new Error(`no chunk stands for ${facade}: is it still loaded with import()?`);
}

/**
 * The script files a page loads before it is ready: the entries (the shell's script) and the chunks of
 * `modules`, each with everything it imports statically. What those load with import() (other pages, the
 * API once called, the signed-in menus) is not counted: it is fetched when needed.
 */
export function routeScriptFiles(
  chunks: ReadonlyMap<string, BuiltChunk>,
  modules: readonly string[],
): string[] {
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.file);
  return [...staticClosure(chunks, [...entries, ...modules.map((module) => chunkFileOf(chunks, module))])];
}

/**
 * Each page's script bytes against its budget: each file's compressed size (`sizeOf`) and what its response
 * adds to it (`responseBytes`, its headers: a page of many small files weighs more than one of a few large
 * ones; docs/decisions/079-script-files-counted-with-their-headers.md).
 */
export function weighRoutes(
  chunks: ReadonlyMap<string, BuiltChunk>,
  routes: readonly RouteToWeigh[],
  sizeOf: (file: string) => number,
  responseBytes: number,
): RouteWeight[] {
  return routes.map((route) => {
    const files = routeScriptFiles(chunks, route.modules);
    const bytes = files.reduce((sum, file) => sum + sizeOf(file) + responseBytes, 0);
    return {
      path: route.path,
      files,
      bytes,
      budgetBytes: route.budgetBytes,
      over: bytes > route.budgetBytes,
    };
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The pages over their budget, one line each (empty when every page is within its own). */
export function budgetMisses(weights: readonly RouteWeight[]): string[] {
  return weights
    .filter((weight) => weight.over)
    .map(
      (weight) =>
        `${weight.path}: ${kib(weight.bytes)} of script, over its budget of ${kib(weight.budgetBytes)}`,
    );
}

/** A table of every page's weight, for the build's log. */
export function weightTable(weights: readonly RouteWeight[]): string {
  const width = Math.max(...weights.map((weight) => weight.path.length));
  return weights
    .map(
      (weight) =>
        `  ${weight.path.padEnd(width)}  ${kib(weight.bytes).padStart(10)} of ${kib(weight.budgetBytes)}${weight.over ? '  OVER' : ''}`,
    )
    .join('\n');
}
