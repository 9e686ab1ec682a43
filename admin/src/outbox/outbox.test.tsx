import { createI18nProvider } from '@market/console-kit';
import { cleanup, render, screen, within } from '@testing-library/react';
import {
  Admin,
  memoryStore,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import outbox from './index.ts';

const VERIFY_LINK = 'http://localhost:8080/api/public/verify?code=abc&mode=verifyEmail';
const MAIL = {
  id: '665f1c2e9d1a4b0012345678',
  to: 'shop@example.com',
  subject: 'Verify your email',
  text: `Hello Pixel Keys,\nconfirm your address: ${VERIFY_LINK}.\nThanks`,
  html: `<p>Hello</p><a href="${VERIFY_LINK}">Verify</a><script>parent.alert(1)</script>`,
  kind: 'verify-email',
  locale: 'it',
  delivery: 'stored',
  credential: false,
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** A password reset as the API shows it to admins: its link without the code. */
const RESET = {
  ...MAIL,
  subject: 'Reset your password',
  text: 'Hello,\nhttp://localhost:8080/reset-password?[link hidden]\n',
  html: '<a href="http://localhost:8080/reset-password?[link hidden]">Choose</a>',
  kind: 'password-reset',
  credential: true,
};

function renderAdminAt(path: string, mail: Record<string, unknown> = MAIL) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={testDataProvider({
          getList: async <R extends RaRecord>() => ({ data: [mail] as unknown as R[], total: 1 }),
          getOne: async <R extends RaRecord>() => ({ data: mail as unknown as R }),
        })}
        i18nProvider={createI18nProvider(en, italian)}
        store={memoryStore()}
        disableTelemetry
      >
        <Resource name="outbox" {...outbox} />
      </Admin>
    </TestMemoryRouter>,
  );
}

afterEach(cleanup);

describe('outbox resource', () => {
  it('lists mails with recipient, subject, kind and date', async () => {
    renderAdminAt('/outbox');
    const row = (await screen.findByText('shop@example.com')).closest('tr');
    expect(row).toBeTruthy();
    expect(within(row!).getByText('Verify your email')).toBeTruthy();
    expect(within(row!).getByText('Email verification')).toBeTruthy();
    expect(within(row!).getByText('Italiano')).toBeTruthy();
    for (const header of ['To', 'Subject', 'Kind', 'Language', 'Sent']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
  });

  it('shows the text with its link clickable and the HTML in a fully sandboxed frame', async () => {
    renderAdminAt('/outbox/665f1c2e9d1a4b0012345678/show');
    const link = await screen.findByRole('link', { name: VERIFY_LINK });
    expect(link.getAttribute('href')).toBe(VERIFY_LINK);
    expect(link.getAttribute('rel')).toContain('noopener');

    const frame = screen.getByTitle('Email Verify your email');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(MAIL.html);
    expect(screen.getByText('Stored only (no mail server)')).toBeTruthy();
    expect(screen.queryByText(/sets a password/)).toBeNull();
  });

  it('says why a password reset’s link is cut short, and that reading it is audited', async () => {
    renderAdminAt('/outbox/665f1c2e9d1a4b0012345678/show', RESET);
    expect(
      await screen.findByText(
        'Its link sets a password: shown without its code, and this reading is in the audit log.',
      ),
    ).toBeTruthy();
  });
});
