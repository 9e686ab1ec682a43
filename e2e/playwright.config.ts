import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The marketplace exactly as `npm start` runs it, on ports of its own and a throwaway DATA_DIR,
// so a running dev instance and the vitest suite's emulator are left alone.
const PORT = Number(process.env.E2E_PORT ?? 8091);
const DATA_DIR = path.join(os.tmpdir(), `market-e2e-${process.pid}`);
/**
 * How recent a sign-in the sensitive actions need on this server: short, so that
 * tests/recent-sign-in.spec.ts can let a real sign-in age past it; long enough for the journeys
 * that do one such action right after signing in (admin-changes-role.spec.ts).
 */
export const RECENT_SIGN_IN_SECONDS = 20;
/** The consent-gated tags' scripts, served by tests/consent.spec.ts itself (offline). */
export const TAG_ORIGIN = `http://127.0.0.1:${PORT + 250}`;

export default defineConfig({
  testDir: 'tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../.test-report-e2e.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Every journey starts as a visitor who rejected the optional cookies, so the consent
    // banner does not sit over the page; tests/consent.spec.ts starts without a choice.
    storageState: {
      cookies: [
        {
          name: 'consent',
          value: 'v1:a0m0',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node ../server/src/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      PORT: String(PORT),
      DATA_DIR,
      EMBEDDED_MONGO_PORT: String(PORT + 19_000),
      FIREBASE_EMULATOR_PORT: String(PORT + 1_400),
      // PayPal's sandbox on this port, Checkout.com's on the next; Awin's on a free one.
      PAYMENT_SANDBOX_PORT: String(PORT + 200),
      AWIN_SANDBOX_PORT: '0',
      // The four supplier sandboxes (the demo seller's suppliers) on +300 … +303, in
      // SUPPLIER_IDS order: journeys set their faults and read what they sold (tests/support.ts).
      SUPPLIER_SANDBOX_PORT: String(PORT + 300),
      // Each buying journey is its own client (`asClient` in tests/support.ts), so fraud
      // screening's per-address velocity rule sees a few orders per address, as in real life.
      TRUST_PROXY: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ANALYTICS_TAG_URL: `${TAG_ORIGIN}/analytics.js`,
      MARKETING_TAG_URL: `${TAG_ORIGIN}/marketing.js`,
      RECENT_SIGN_IN_SECONDS: String(RECENT_SIGN_IN_SECONDS),
    },
  },
});
