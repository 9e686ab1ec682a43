import { defineConfig } from 'vitest/config';

// One project per package; `npm test` runs them all (e2e runs separately under Playwright).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          // The index audit: every query the app sends in a test fits an index (test/index-audit/).
          setupFiles: ['test/index-audit/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'storefront', root: 'storefront', include: ['src/**/*.test.ts'] } },
      'admin/vitest.config.ts',
      'seller/vitest.config.ts',
      'console-kit/vitest.config.ts',
      'packages/embedded-mongo/vitest.config.ts',
    ],
  },
});
