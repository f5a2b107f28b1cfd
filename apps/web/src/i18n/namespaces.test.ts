import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_NAMESPACES, NAMESPACE_LOADERS, namespaceSource } from './namespaces.ts';
import { en } from './resources.ts';
import { bn } from './resources-bn.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('texts loaded per namespace and language', () => {
  it('has a loader for every namespace in both languages', () => {
    expect([...ALL_NAMESPACES].sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(NAMESPACE_LOADERS.bn).sort()).toEqual(Object.keys(en).sort());
  });

  for (const namespace of ALL_NAMESPACES) {
    it(`loads ${namespace} in English and in Bangla (the console stays English)`, async () => {
      expect(await NAMESPACE_LOADERS.en[namespace]()).toEqual(en[namespace]);
      const bangla = namespace === 'admin' ? en.admin : bn[namespace];
      expect(await NAMESPACE_LOADERS.bn[namespace]()).toEqual(bangla);
    });

    it(`names the module of ${namespace} for the pre-renderer`, () => {
      for (const language of ['en', 'bn'] as const) {
        const source = namespaceSource(language, namespace);
        expect(existsSync(path.join(webRoot, source)), source).toBe(true);
      }
    });
  }
});
