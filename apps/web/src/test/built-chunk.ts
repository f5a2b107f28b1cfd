import type { BuiltChunk } from '../../scripts/offline-files.ts';

/** One chunk of a made-up build, as the build scripts read Rollup's bundle: its file and what it imports. */
export const chunk = (
  file: string,
  facade: string | null,
  imports: string[] = [],
  more: Partial<BuiltChunk> = {},
): [string, BuiltChunk] => [
  file,
  {
    file,
    facade,
    modules: facade ? [facade] : [],
    imports,
    dynamicImports: [],
    css: [],
    isEntry: false,
    ...more,
  },
];
