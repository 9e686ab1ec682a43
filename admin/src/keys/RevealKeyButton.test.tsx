import { renderInConsole } from '@market/console-kit/testing';
import type { MaskedKey, RevealedKey } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { RevealKeyButton } from './RevealKeyButton.tsx';

const KEY: MaskedKey = {
  id: '0123456789abcdef01234567',
  offerId: '0123456789abcdef01234568',
  productId: '0123456789abcdef01234569',
  productName: 'Space Miner',
  sellerId: 'pixel-keys',
  status: 'sold',
  createdAt: '2026-03-01T10:00:00.000Z',
  masked: '•••• •••• •••• MNOP',
};

function renderButton(
  postAction = vi.fn(async (): Promise<RevealedKey> => ({
    kind: 'text',
    code: 'ABCD-EFGH-IJKL-MNOP',
  })),
) {
  renderInConsole(
    <RecordContextProvider value={KEY}>
      <RevealKeyButton />
    </RecordContextProvider>,
    { messages: { en, it: italian }, dataProvider: testDataProvider({ postAction }) },
  );
  return postAction;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RevealKeyButton', () => {
  it('asks for a reason, warns that the reveal is recorded, and shows the code once', async () => {
    const postAction = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reveal key •••• •••• •••• MNOP' });
    expect(within(dialog).getByText(/recorded in the audit log/)).toBeTruthy();

    const reveal = within(dialog).getByRole('button', { name: 'Reveal the key' });
    expect((reveal as HTMLButtonElement).disabled).toBe(true);
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: ' x ' } });
    expect((reveal as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '  Ticket 4521: key rejected  ' } });
    expect((reveal as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(reveal);

    await waitFor(() =>
      expect(postAction).toHaveBeenCalledWith(`/keys/${KEY.id}/reveal`, {
        reason: 'Ticket 4521: key rejected',
      }),
    );
    expect(await within(dialog).findByText('ABCD-EFGH-IJKL-MNOP')).toBeTruthy();
    expect(within(dialog).getByText(/shown once/)).toBeTruthy();
  });

  it('copies the code, and forgets it when the dialog closes', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const postAction = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Buyer complaint' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal the key' }));
    await within(dialog).findByText('ABCD-EFGH-IJKL-MNOP');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ABCD-EFGH-IJKL-MNOP'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('ABCD-EFGH-IJKL-MNOP')).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).queryByText('ABCD-EFGH-IJKL-MNOP')).toBeNull();
    expect(within(again).getByRole('textbox', { name: /Reason/ })).toHaveProperty('value', '');
    expect(postAction).toHaveBeenCalledTimes(1);
  });

  it('shows an image code as the picture, with a download of the supplier’s file', async () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    renderButton(
      vi.fn(async (): Promise<RevealedKey> => ({
        kind: 'image',
        image: { mimeType: 'image/png', filename: 'card-7.png', base64: png },
      })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Buyer says the scan is blurred' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal the key' }));

    const image = await within(dialog).findByRole('img', { name: /scanned card/ });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${png}`);
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe('card-7.png');
    expect(download.getAttribute('href')).toBe(`data:image/png;base64,${png}`);
    // Nothing to copy, and no base64 shown as text.
    expect(within(dialog).queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(within(dialog).queryByText(png)).toBeNull();
  });
});
