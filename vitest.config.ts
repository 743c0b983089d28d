import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests start servers on loopback; a few forks keep 2-core machines responsive.
    pool: 'forks',
    maxWorkers: 2,
  },
});
