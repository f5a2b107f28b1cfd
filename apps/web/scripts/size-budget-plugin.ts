import type { Language } from '@ngso/shared/language';
import type { Plugin } from 'vite';
import { RESPONSE_BYTES_PER_SCRIPT, ROUTE_BUDGETS } from '../src/config/route-budgets.ts';
import {
  CORE_NAMESPACES,
  NAMESPACE_LOADERS,
  type Namespace,
  namespaceSource,
} from '../src/i18n/namespaces.ts';
import { builtChunks } from './built-chunks.ts';
import { servedBytes } from './compression.ts';
import { budgetMisses, type RouteToWeigh, weighRoutes, weightTable } from './route-scripts.ts';

/** Each page of ROUTE_BUDGETS in each language, with the modules it loads before it is ready. */
function routesToWeigh(): RouteToWeigh[] {
  // The languages of the texts (not @ngso/shared's list: the config cannot load the workspace's TypeScript).
  const languages = Object.keys(NAMESPACE_LOADERS) as Language[];
  return ROUTE_BUDGETS.flatMap((route) =>
    languages.map((language) => ({
      path: `${route.path} (${language})`,
      budgetBytes: route.budgetKiB * 1024,
      modules: [
        'src/main.tsx',
        `src/app/routes/${route.module}.tsx`,
        ...[...CORE_NAMESPACES, ...(route.namespaces as Namespace[])].map((namespace) =>
          namespaceSource(language, namespace),
        ),
      ],
    })),
  );
}

/**
 * Weighs the script each public and sign-in page loads, compressed as the server sends it and with each
 * file's response headers (as Lighthouse counts it), and fails the build when a page passes its budget (src/config/route-budgets.ts, docs/decisions/069-script-budget-per-route.md).
 * NGSO_SIZE_REPORT=1 prints every page's weight.
 */
export function routeBudgets(): Plugin {
  return {
    name: 'ngso-route-budgets',
    apply: 'build',
    // Once written: Vite rewrites the chunks' preload lists in its own generateBundle, after the plugins'.
    writeBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const sizes = new Map<string, number>();
      const sizeOf = (file: string) => {
        let size = sizes.get(file);
        if (size === undefined) {
          const output = bundle[file];
          size = output?.type === 'chunk' ? servedBytes(output.code) : 0;
          sizes.set(file, size);
        }
        return size;
      };
      const weights = weighRoutes(
        builtChunks(bundle, this.environment.config.root),
        routesToWeigh(),
        sizeOf,
        RESPONSE_BYTES_PER_SCRIPT,
      );
      const table = weightTable(weights);
      if (process.env.NGSO_SIZE_REPORT) {
        this.info(
          `script per page (Brotli, with ${RESPONSE_BYTES_PER_SCRIPT} bytes of headers a file):\n${table}`,
        );
      }
      const misses = budgetMisses(weights);
      if (misses.length > 0)
        this.error(
          `pages over their script budget (src/config/route-budgets.ts):\n  ${misses.join('\n  ')}\n\n${table}`,
        );
    },
  };
}
