import { defineProject } from 'vitest/config';

/** Tests that need a Redis server (REDIS_URL, default the local one): `npm run test:redis`. */
export default defineProject({
  test: {
    name: 'api (redis)',
    environment: 'node',
    globalSetup: ['./test/helpers/global-setup.ts'],
    include: ['test/redis/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
