import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'embedded-mongo',
    include: ['src/**/*.test.ts'],
    // The durability tests start and SIGKILL the engine as a child process.
    testTimeout: 30_000,
  },
});
