import { createI18nProvider } from '@market/console-kit';
import type { AdminInstance, AdminJob } from '@market/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import {
  Admin,
  memoryStore,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  type GetListParams,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import system from './index.ts';

const INSTANCES: AdminInstance[] = [
  {
    id: 'web-a:4242:abc123',
    role: 'web',
    pid: 4242,
    version: '0.1.0+3f2a9c1',
    startedAt: '2026-11-27T10:00:00.000Z',
    lastSeenAt: '2026-11-27T11:00:00.000Z',
  },
  {
    id: 'worker-b:4343:def456',
    role: 'worker',
    pid: 4343,
    version: '0.1.0+3f2a9c1',
    startedAt: '2026-11-27T10:00:01.000Z',
    lastSeenAt: '2026-11-27T11:00:01.000Z',
  },
];

const JOBS: AdminJob[] = [
  {
    id: 'webhook-delivery',
    everyMs: 10_000,
    lastStartedAt: '2026-11-27T11:00:00.000Z',
    lastFinishedAt: '2026-11-27T11:00:00.250Z',
    lastOutcome: 'failed',
    lastError: 'connect ECONNREFUSED',
    lastOwner: 'worker-b:4343:def456',
    lastDurationMs: 250,
    leaseOwner: null,
    leaseExpiresAt: null,
    backlog: 17,
  },
];

function renderSystemPage() {
  const asked: string[] = [];
  render(
    <TestMemoryRouter initialEntries={['/system']}>
      <Admin
        dataProvider={testDataProvider({
          getList: async <R extends RaRecord>(resource: string, _params: GetListParams) => {
            asked.push(resource);
            const data = resource === 'instances' ? INSTANCES : resource === 'jobs' ? JOBS : [];
            return { data: data as unknown as R[], total: data.length };
          },
        })}
        i18nProvider={createI18nProvider(en, italian)}
        store={memoryStore()}
        disableTelemetry
      >
        <Resource name="system" {...system} />
      </Admin>
    </TestMemoryRouter>,
  );
  return asked;
}

afterEach(cleanup);

describe('System page', () => {
  it('shows each live instance with its role, version and process', async () => {
    const asked = renderSystemPage();
    const web = (await screen.findByText('web-a:4242:abc123')).closest('tr')!;
    expect(within(web).getByText('Web')).toBeTruthy();
    expect(within(web).getByText('4242')).toBeTruthy();
    expect(within(web).getByText('0.1.0+3f2a9c1')).toBeTruthy();
    // The instances come first; the jobs' table names the worker again as who ran them.
    const worker = screen.getAllByText('worker-b:4343:def456')[0]!.closest('tr')!;
    expect(within(worker).getByText('Worker')).toBeTruthy();
    for (const header of ['Role', 'Version', 'Process', 'Started', 'Last seen']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(asked).toContain('instances');
    expect(asked).not.toContain('system');
  });

  it("shows each job's last run, who ran it, its outcome and its backlog", async () => {
    renderSystemPage();
    const job = (await screen.findByText('webhook-delivery')).closest('tr')!;
    expect(within(job).getByText('Failed')).toBeTruthy();
    expect(within(job).getByText('worker-b:4343:def456')).toBeTruthy();
    expect(within(job).getByText('17')).toBeTruthy();
    expect(within(job).getByText('connect ECONNREFUSED')).toBeTruthy();
    for (const header of ['Last run', 'Outcome', 'Run by', 'Waiting']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
  });
});
