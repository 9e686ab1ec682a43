import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signInToAdminConsole } from './support.ts';

/*
 * The admin's System page shows the server's live instances and what their jobs did, read from
 * the instances' heartbeats and the jobs' runs in the database. First against the marketplace
 * every journey uses (one process doing everything), then against a cluster of its own started
 * as `INSTANCES=2 npm start` starts it: two web processes and a worker, all listed.
 */

/** `npm start`'s entry point, which reads INSTANCES. */
const MAIN = new URL('../../server/src/main.ts', import.meta.url);

/** The System page's table under the heading `name` (Instances, Background jobs). */
const section = (page: Page, name: string) =>
  page.locator('.MuiCard-root', { has: page.getByRole('heading', { name }) }).locator('table');

async function openSystemPage(page: Page) {
  await page.getByRole('menuitem', { name: 'System' }).click();
  await expect(page.getByRole('heading', { name: 'Instances' })).toBeVisible();
}

test('an admin sees the live instance and the jobs it ran on the System page', async ({ page }) => {
  await signInToAdminConsole(page);
  await openSystemPage(page);
  const instances = section(page, 'Instances');
  // The server under test is one process with every role.
  const row = instances.getByRole('row').filter({ hasText: 'Web and jobs' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/\d+\.\d+\.\d+/);
  // Its jobs ran (webhook delivery every 5 s): run by this same instance, and they went well.
  const instanceId = (await row.locator('td').first().textContent())!.trim();
  const job = section(page, 'Background jobs')
    .getByRole('row')
    .filter({ hasText: 'webhook-delivery' });
  await expect(job).toContainText(instanceId, { timeout: 20_000 });
  await expect(job).toContainText('Done');
});

test.describe('a cluster', () => {
  // A marketplace of its own on ports clear of the main one's (+500 … +2000 from E2E_PORT).
  const PORT = Number(process.env.E2E_PORT ?? 8091) + 500;
  const origin = `http://localhost:${PORT}`;
  let server: ChildProcess | null = null;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-e2e-cluster-'));
    server = spawn(process.execPath, [fileURLToPath(MAIN)], {
      env: {
        ...process.env,
        INSTANCES: '2',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        EMBEDDED_MONGO_PORT: String(PORT + 19_000),
        FIREBASE_EMULATOR_PORT: String(PORT + 1_400),
        PAYMENT_SANDBOX_PORT: String(PORT + 200),
        SUPPLIER_SANDBOX_PORT: String(PORT + 300),
        AWIN_SANDBOX_PORT: '0',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect
      .poll(
        async () => {
          if (server?.exitCode !== null)
            throw new Error(`the cluster exited (${server?.exitCode})`);
          return fetch(`${origin}/api/ready`).then(
            (res) => res.status,
            () => 0,
          );
        },
        { timeout: 200_000, intervals: [1_000] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('shows its two web processes and its worker', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${origin}/admin/`);
    await page.getByLabel(/email/i).fill('admin@example.com');
    await page.getByLabel(/password/i).fill('demopass');
    await page.getByRole('button', { name: /sign in/i }).click();
    await openSystemPage(page);
    const instances = section(page, 'Instances');
    // The page follows the heartbeats: both web processes appear as they come up.
    const withRole = (role: string) =>
      instances.getByRole('row').filter({ has: page.getByText(role, { exact: true }) });
    await expect(withRole('Web')).toHaveCount(2, { timeout: 60_000 });
    await expect(withRole('Worker')).toHaveCount(1);
    // Three processes, three process ids.
    const pids = await instances.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(new Set(pids).size).toBe(3);
  });
});
