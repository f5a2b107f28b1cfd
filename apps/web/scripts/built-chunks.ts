import path from 'node:path';
import type { Rollup } from 'vite';
import type { BuiltChunk } from './offline-files.ts';

/** The chunks of a browser build as plain data (paths relative to the app's root), for the build's checks. */
export function builtChunks(bundle: Rollup.OutputBundle, root: string): Map<string, BuiltChunk> {
  const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
  const chunks = new Map<string, BuiltChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    chunks.set(output.fileName, {
      file: output.fileName,
      facade: output.facadeModuleId ? relative(output.facadeModuleId) : null,
      modules: output.moduleIds.map(relative),
      imports: output.imports,
      dynamicImports: output.dynamicImports,
      css: [...(output.viteMetadata?.importedCss ?? [])],
      isEntry: output.isEntry,
    });
  }
  return chunks;
}
