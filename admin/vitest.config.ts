import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../console-kit/src/testing/setup.ts'],
  },
});
