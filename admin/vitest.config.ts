import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'admin',
    environment: 'jsdom',
    // react-admin under jsdom renders slowly on a loaded machine; 5 s timed out in CI.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../console-kit/src/testing/setup.ts'],
  },
});
