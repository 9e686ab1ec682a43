import { renderInConsole } from '@market/console-kit/testing';
import type { UserInfoFull } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ADA, SHOP_OWNER } from './test-users.ts';
import { ToggleBlockedButton } from './ToggleBlockedButton.tsx';

function renderButton(user: UserInfoFull, editUser = vi.fn(async () => user), locale?: 'it') {
  renderInConsole(
    <RecordContextProvider value={user}>
      <ToggleBlockedButton />
      <Notification />
    </RecordContextProvider>,
    { messages: { en, it: italian }, locale, dataProvider: testDataProvider({ editUser }) },
  );
  return editUser;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ToggleBlockedButton', () => {
  it('blocks an unblocked user after confirmation, with { userId, blocked: true }', async () => {
    const editUser = renderButton(
      ADA,
      vi.fn(async () => ({ ...ADA, blocked: true })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));

    const dialog = await screen.findByRole('dialog', { name: 'Block ada@example.com?' });
    expect(editUser).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(editUser).toHaveBeenCalledWith({ userId: 'uid-ada', blocked: true }),
    );
    expect(await screen.findByText('User blocked')).toBeTruthy();
  });

  it('offers Unblock for a blocked user and sends blocked: false', async () => {
    const editUser = renderButton(
      SHOP_OWNER,
      vi.fn(async () => ({ ...SHOP_OWNER, blocked: false })),
    );
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unblock shop@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(editUser).toHaveBeenCalledWith({ userId: 'uid-shop', blocked: false }),
    );
    expect(await screen.findByText('User unblocked')).toBeTruthy();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const editUser = renderButton(ADA);
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editUser).not.toHaveBeenCalled();
  });

  it("shows the API's message when the call fails", async () => {
    // react-admin logs failed data provider calls; the test expects this one.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderButton(
      ADA,
      vi.fn(() =>
        Promise.reject(Object.assign(new Error('You cannot block yourself'), { status: 409 })),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('You cannot block yourself')).toBeTruthy();
  });

  it('speaks Italian', async () => {
    renderButton(ADA, undefined, 'it');
    fireEvent.click(await screen.findByRole('button', { name: 'Blocca' }));
    expect(await screen.findByRole('dialog', { name: 'Bloccare ada@example.com?' })).toBeTruthy();
  });
});
