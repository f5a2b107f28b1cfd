/**
 * `use-sync-external-store/shim` as React 18 and later have it built in (react-i18next imports the shim,
 * whose code only picks React's own when it exists): vite.config.ts points the shim here, so every page
 * loads no copy of it (docs/decisions/069-script-budget-per-route.md).
 */
export { useSyncExternalStore } from 'react';
