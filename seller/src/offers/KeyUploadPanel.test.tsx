import { renderInConsole } from '@market/console-kit/testing';
import type { KeyUploadResult } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { KeyUploadPanel } from './KeyUploadPanel.tsx';

type Upload = (offerId: unknown, codes: readonly string[]) => Promise<KeyUploadResult>;

function renderPanel(uploadOfferKeys: Upload, locale: 'en' | 'it' = 'en') {
  const log = vi.spyOn(console, 'log');
  renderInConsole(
    <RecordContextProvider value={{ id: 'offer-1', stock: 10 }}>
      <KeyUploadPanel />
      <Notification />
    </RecordContextProvider>,
    {
      messages: { en, it: italian },
      locale,
      dataProvider: testDataProvider({ uploadOfferKeys }),
    },
  );
  return log;
}

const codes = (count: number) => Array.from({ length: count }, (_, i) => `KEY-${10000 + i}`);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('KeyUploadPanel', () => {
  it('posts the pasted keys in batches of 500, one after another, and shows the summed report', async () => {
    const sizes: number[] = [];
    let stock = 10;
    let inFlight = 0;
    const uploadOfferKeys = vi.fn<Upload>(async (_id, batch) => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      sizes.push(batch.length);
      stock += batch.length - 2;
      return { accepted: batch.length - 2, duplicates: 1, rejected: 1, stock };
    });
    const log = renderPanel(uploadOfferKeys);

    const textarea = screen.getByLabelText('Keys, one per line');
    fireEvent.change(textarea, { target: { value: `${codes(1100).join('\n')}\n\n  \n` } });
    expect(screen.getByText('1100 keys to upload')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload keys' }));

    expect(await screen.findByText('Accepted 1094 · Duplicates 3 · Rejected 3')).toBeTruthy();
    expect(screen.getByText('Keys in stock: 1104')).toBeTruthy();
    // Rejected codes get a hint; it never says why one was rejected.
    expect(screen.getByText(/^Rejected keys are malformed or cannot be accepted/)).toBeTruthy();
    expect(sizes).toEqual([500, 500, 100]);
    expect(uploadOfferKeys.mock.calls.map(([id]) => id)).toEqual(['offer-1', 'offer-1', 'offer-1']);
    expect(uploadOfferKeys.mock.calls.flatMap(([, batch]) => batch)).toEqual(codes(1100));
    // The codes are gone once uploaded, and were never logged.
    expect((textarea as HTMLTextAreaElement).value).toBe('');
    expect(log).not.toHaveBeenCalled();
    expect(await screen.findByText('Keys uploaded')).toBeTruthy();
  });

  it('shows a determinate progress bar of the batches sent', async () => {
    const pending: Array<(result: KeyUploadResult) => void> = [];
    const uploadOfferKeys = vi.fn<Upload>(
      () => new Promise<KeyUploadResult>((resolve) => pending.push(resolve)),
    );
    renderPanel(uploadOfferKeys);
    fireEvent.change(screen.getByLabelText('Keys, one per line'), {
      target: { value: codes(1000).join('\n') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload keys' }));

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Batch 0 of 2')).toBeTruthy();
    pending.shift()!({ accepted: 500, duplicates: 0, rejected: 0, stock: 500 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('Batch 1 of 2')).toBeTruthy();
    await waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!({ accepted: 500, duplicates: 0, rejected: 0, stock: 1000 });
    expect(await screen.findByText('Accepted 1000 · Duplicates 0 · Rejected 0')).toBeTruthy();
    expect(screen.queryByText(/^Rejected keys/)).toBeNull();
  });

  it('reads the first column of a CSV file into the keys to upload', async () => {
    const uploadOfferKeys = vi.fn<Upload>(async (_id, batch) => ({
      accepted: batch.length,
      duplicates: 0,
      rejected: 0,
      stock: batch.length,
    }));
    renderPanel(uploadOfferKeys);
    const file = new File(['AAAAA-11111,Steam\r\n"BBBBB-22222",Epic\r\n\r\n'], 'keys.csv', {
      type: 'text/csv',
    });
    fireEvent.change(screen.getByLabelText('Read a CSV or TXT file'), {
      target: { files: [file] },
    });
    expect(await screen.findByText('2 keys to upload')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload keys' }));
    await waitFor(() =>
      expect(uploadOfferKeys).toHaveBeenCalledWith('offer-1', ['AAAAA-11111', 'BBBBB-22222']),
    );
  });

  it('stops on a failed batch, keeps the keys for a retry and reports what went in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const uploadOfferKeys = vi
      .fn<Upload>()
      .mockResolvedValueOnce({ accepted: 500, duplicates: 0, rejected: 0, stock: 500 })
      .mockRejectedValueOnce(Object.assign(new Error('Server down'), { status: 500 }));
    renderPanel(uploadOfferKeys);
    const textarea = screen.getByLabelText('Keys, one per line');
    fireEvent.change(textarea, { target: { value: codes(1200).join('\n') } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload keys' }));

    expect(await screen.findByText(/stopped after 1 of 3 batches/)).toBeTruthy();
    expect(screen.getByText('Accepted 500 · Duplicates 0 · Rejected 0')).toBeTruthy();
    expect(uploadOfferKeys).toHaveBeenCalledTimes(2);
    expect((textarea as HTMLTextAreaElement).value).not.toBe('');
  });

  it('speaks Italian', async () => {
    renderPanel(vi.fn<Upload>(), 'it');
    expect(await screen.findByRole('heading', { name: 'Carica chiavi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Carica chiavi' })).toHaveProperty('disabled', true);
  });
});
