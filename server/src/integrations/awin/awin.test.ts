import { expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { connectAwin } from './awin.ts';
import { STAGING_ENV } from '../../../test/deployment-env.ts';

it('starts no Awin sandbox in staging without AWIN_API_KEY: affiliate reporting is off', async () => {
  const config = loadConfig(STAGING_ENV);
  const awin = await connectAwin(config, createLogger('silent'));
  expect(awin).toMatchObject({ client: null, sandbox: null });
  // Outside a deployment the same config (no key) gets the local sandbox.
  const offline = await connectAwin({ ...config, NODE_ENV: 'test' }, createLogger('silent'));
  expect(offline.sandbox?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await offline.close();
});
