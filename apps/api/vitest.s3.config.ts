import { defineProject } from 'vitest/config';

/**
 * Tests on a real S3-compatible object store (`npm run test:s3`): each file starts a Swift of its own
 * (test/helpers/throwaway-s3.ts; Debian: apt-get install swift swift-proxy swift-object swift-container
 * swift-account), run as root, since Swift's servers drop to the swift user.
 */
export default defineProject({
  test: {
    name: 'api (s3)',
    environment: 'node',
    globalSetup: ['./test/helpers/global-setup.ts'],
    include: ['test/s3/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
