import { renderInConsole } from '@market/console-kit/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_CONFIG_URL } from '@market/console-kit';
import { RECAPTCHA_TEST_TOKEN } from '@market/shared';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { RegisterPage } from './RegisterPage.tsx';

function renderPage(locale: 'en' | 'it' = 'en') {
  return renderInConsole(<RegisterPage />, { messages: { en, it: italian }, locale });
}

/** The API: the client config (no reCAPTCHA site key, as offline), then `response`. */
function stubFetch(response: Response) {
  const fetchSpy = vi.fn<typeof fetch>(async (url) =>
    url === CLIENT_CONFIG_URL
      ? Response.json({
          firebase: { apiKey: 'k', authDomain: 'a', projectId: 'p' },
          authEmulatorUrl: null,
          recaptchaSiteKey: null,
        })
      : response,
  );
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const GOOD_FORM = {
  Email: 'shop@example.com',
  'Shop name': 'Pixel Keys',
  'Registration name': 'Pixel Keys S.r.l.',
  'VAT number': 'IT01234567890',
  Password: 's3cret!',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RegisterPage', () => {
  it('shows the form with its labelled fields and a Send application button', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Apply to sell' })).toBeTruthy();
    for (const label of [...Object.keys(GOOD_FORM), 'Image URL (optional)']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Send application' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Already applied? Sign in' })).toBeTruthy();
  });

  it('shows a field error for a bad VAT number and sends nothing', async () => {
    const fetchSpy = stubFetch(Response.json({ id: 'x' }, { status: 201 }));
    renderPage();
    fill({ ...GOOD_FORM, 'VAT number': '01234567890' });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(
      await screen.findByText('A VAT number starts with its country code, e.g. IT01234567890'),
    ).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('posts the application and then says what comes next', async () => {
    const fetchSpy = stubFetch(Response.json({ id: 'pixel-keys-1a2b3c' }, { status: 201 }));
    renderPage();
    fill({ ...GOOD_FORM, 'VAT number': 'it 0123 4567 890' });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));

    expect(
      await screen.findByText(
        'Application sent. Verify your email with the link we sent, then sign in here to follow your application.',
      ),
    ).toBeTruthy();
    const [, init] =
      fetchSpy.mock.calls.find(([url]) => url === '/api/seller/profile/addseller') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      id: null,
      tokenRecaptcha: RECAPTCHA_TEST_TOKEN,
      seller: {
        email: 'shop@example.com',
        name: 'Pixel Keys',
        registrationName: 'Pixel Keys S.r.l.',
        vatNumber: 'IT01234567890',
        image: null,
        password: 's3cret!',
      },
    });
    // The test router is a hash router; in the console it is `/seller/login`.
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toMatch(
      /\/login$/,
    );
  });

  it("shows the API's refusal on the field it concerns", async () => {
    stubFetch(
      Response.json(
        { code: 'CONFLICT', message: 'exists', providerCode: 'auth/email-already-exists' },
        { status: 409 },
      ),
    );
    renderPage();
    fill(GOOD_FORM);
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(
      await screen.findByText('An account with this email already exists. Sign in instead.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'),
    );
  });

  it('speaks Italian', async () => {
    renderPage('it');
    expect(await screen.findByRole('heading', { name: 'Diventa venditore' })).toBeTruthy();
    expect(screen.getByLabelText('Partita IVA')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invia la richiesta' })).toBeTruthy();
  });
});
