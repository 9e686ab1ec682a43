import { expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { connectAwin } from './awin.ts';
import { STAGING_ENV } from '../../../test/deployment-env.ts';

const sandbox = { url: 'http://127.0.0.1:9', advertiserId: '1001', apiKey: 'sandbox-key' };

it('talks to no Awin sandbox in staging without AWIN_API_KEY: affiliate reporting is off', async () => {
  const config = loadConfig(STAGING_ENV);
  const awin = await connectAwin(config, createLogger('silent'), sandbox);
  expect(awin).toMatchObject({ client: null, sandbox: null });
  // Outside a deployment the same config (no key) reports to the sandbox the entry point started.
  const offline = await connectAwin(
    { ...config, NODE_ENV: 'test' },
    createLogger('silent'),
    sandbox,
  );
  expect(offline.client).not.toBeNull();
  expect(offline.sandbox).toEqual({ url: sandbox.url });
  // And without one started (a tool, a test that wants none), nowhere.
  const none = await connectAwin({ ...config, NODE_ENV: 'test' }, createLogger('silent'));
  expect(none).toMatchObject({ client: null, sandbox: null });
});
