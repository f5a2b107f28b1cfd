import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
    // Vitest's default is one worker less than the cores: a single worker on a two-core machine, where
    // the tests spend much of their time waiting (argon2 and sharp on libuv's threads, the database).
    // Two files at a time on two cores (decision 067).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
