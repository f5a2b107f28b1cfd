/**
 * Which built files the exam pages need with no connection, worked out from the bundle's own graph
 * (docs/decisions/060-offline-exam-pages.md). Plain data in, plain data out: the Vite plugin
 * (offline-plugin.ts) feeds it the chunks of the build, a test feeds it small graphs.
 */

/** A chunk of the bundle: its file, the modules it holds, the chunks it imports (statically or not), its CSS. */
export type BuiltChunk = {
  file: string;
  /** The module the chunk stands for (an entry or a dynamic import), relative to the app's root. */
  facade: string | null;
  modules: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
  css: readonly string[];
  isEntry: boolean;
};

/** A module of the organisers' console: its routes, its feature folder and its texts. */
const CONSOLE_MODULE =
  /(^|\/)src\/(app\/routes\/admin[^/]*|features\/admin\/.*|i18n\/locales\/[^/]+\/admin)\.tsx?$/;

const isConsoleModule = (module: string) => CONSOLE_MODULE.test(module);

/** Modules loaded lazily that are one page or one language's texts: only those asked for are offline. */
const PAGE_OR_TEXTS = /(^|\/)(src\/app\/routes|src\/i18n\/locales|packages\/shared\/src\/messages)\//;

/** The chunks `start` needs before it runs: itself and everything it imports statically, transitively. */
export function staticClosure(
  chunks: ReadonlyMap<string, BuiltChunk>,
  start: readonly string[],
): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = chunks.get(file);
    if (!chunk || seen.has(file)) return;
    seen.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const file of start) visit(file);
  return seen;
}

/** The chunk that stands for a module (by its path relative to the app's root). */
function chunkOf(chunks: ReadonlyMap<string, BuiltChunk>, facade: string): BuiltChunk {
  for (const chunk of chunks.values()) if (chunk.facade === facade) return chunk;
  throw new Error(`no chunk stands for ${facade}: is it still loaded with import()?`);
}

/**
 * The console's chunks among what each of `pages` (route modules) loads statically, as
 * `page → [chunk (module)]`; empty when none does. A page that needed one would download the console's
 * code, and with no connection would fail to.
 */
export function consoleChunksOf(
  chunks: ReadonlyMap<string, BuiltChunk>,
  pages: readonly string[],
): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const page of pages) {
    const offending = consoleChunksAmong(chunks, staticClosure(chunks, [chunkOf(chunks, page).file]));
    if (offending.length > 0) found.set(page, offending);
  }
  return found;
}

/**
 * The files to precache for the offline pages: the entries (the shell's script) and the modules given
 * (the app, the pages' routes, the signed-in session's calls, their texts in every language), with all
 * they import, statically or lazily (the chrome's own lazy pieces: the account menu, the language
 * switch), except the lazily loaded pages and texts not given; and the CSS of all those chunks.
 */
export function offlineChunkFiles(
  chunks: ReadonlyMap<string, BuiltChunk>,
  modules: readonly string[],
): Set<string> {
  const wanted = new Set(modules);
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = chunks.get(file);
    if (!chunk || files.has(file)) return;
    files.add(file);
    for (const imported of chunk.imports) visit(imported);
    for (const loaded of chunk.dynamicImports) {
      const facade = chunks.get(loaded)?.facade;
      if (facade && PAGE_OR_TEXTS.test(facade) && !wanted.has(facade)) continue;
      visit(loaded);
    }
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.file);
  for (const module of modules) visit(chunkOf(chunks, module).file);
  for (const file of [...files]) for (const css of chunks.get(file)?.css ?? []) files.add(css);
  return files;
}

/** The console's chunks among `files` (as `chunk (module)`). */
export function consoleChunksAmong(
  chunks: ReadonlyMap<string, BuiltChunk>,
  files: Iterable<string>,
): string[] {
  return [...files].flatMap((file) => {
    const module = chunks.get(file)?.modules.find(isConsoleModule);
    return module ? [`${file} (${module})`] : [];
  });
}
