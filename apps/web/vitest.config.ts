import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // Resolve react-router and react-router/dom to the same (ESM) build, as the browser does;
  // otherwise one gets the CommonJS copy and they do not share the router context.
  resolve: { conditions: ['module', 'browser', 'development|production'] },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A rendering test takes about a second alone; on two busy cores, five times that (decision 067).
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
