import { renderInConsole } from '@market/console-kit/testing';
import type { AdminClaim } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  Notification,
  RecordContextProvider,
  ResourceContextProvider,
  testDataProvider,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ClaimDecisionButtons } from './ClaimDecisionButtons.tsx';
import { ClaimList } from './ClaimList.tsx';
import { ESCALATED_CLAIM } from './test-claims.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const messages = { en, it: italian };

describe('admin claims', () => {
  it('lists claims with their order, product, reason and status', async () => {
    renderInConsole(
      <ResourceContextProvider value="claims">
        <ClaimList />
      </ResourceContextProvider>,
      {
        messages,
        dataProvider: testDataProvider({
          getList: async () => ({ data: [ESCALATED_CLAIM] as never[], total: 1 }),
        }),
      },
    );
    const row = (await screen.findByText('Stellar Drift')).closest('tr')!;
    expect(within(row).getByText('000043')).toBeTruthy();
    expect(within(row).getByText('Already used')).toBeTruthy();
    expect(within(row).getByText('Escalated')).toBeTruthy();
  });

  it('offers decisions only on an escalated claim, and sends the one chosen with its note', async () => {
    const decideClaim = vi.fn(async () => ({ ...ESCALATED_CLAIM, status: 'rejected' }));
    const render = (claim: AdminClaim) =>
      renderInConsole(
        <RecordContextProvider value={claim}>
          <ClaimDecisionButtons />
          <Notification />
        </RecordContextProvider>,
        { messages, dataProvider: testDataProvider({ decideClaim }) },
      );
    render({ ...ESCALATED_CLAIM, status: 'open' });
    expect(screen.queryAllByRole('button')).toEqual([]);
    cleanup();

    render(ESCALATED_CLAIM);
    expect(
      screen
        .getAllByRole('button')
        .map((b) => b.textContent)
        .sort(),
    ).toEqual(['Refund', 'Reject', 'Replace']);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reject the claim on Stellar Drift?',
    });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: ' Redeemed by the buyer ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(decideClaim).toHaveBeenCalledWith({
        id: ESCALATED_CLAIM.id,
        decision: 'reject',
        note: 'Redeemed by the buyer',
      }),
    );
    expect(await screen.findByText('Claim rejected')).toBeTruthy();
  });

  it('offers to reopen a rejected claim only, and sends the note', async () => {
    const reopenClaim = vi.fn(async () => ESCALATED_CLAIM);
    renderInConsole(
      <RecordContextProvider value={{ ...ESCALATED_CLAIM, status: 'rejected' }}>
        <ClaimDecisionButtons />
        <Notification />
      </RecordContextProvider>,
      { messages, dataProvider: testDataProvider({ reopenClaim }) },
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Reopen']);
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reopen the claim on Stellar Drift?',
    });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: 'Seller admitted the key was used' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(reopenClaim).toHaveBeenCalledWith({
        id: ESCALATED_CLAIM.id,
        note: 'Seller admitted the key was used',
      }),
    );
    expect(await screen.findByText('Claim reopened: decide it')).toBeTruthy();
  });
});
