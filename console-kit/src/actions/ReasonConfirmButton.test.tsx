import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../testing/index.tsx';
import { ReasonConfirmButton } from './ReasonConfirmButton.tsx';

const en = {
  app: { title: 'Test', dashboard: { title: 'Home', intro: '', sections: {} } },
  test: {
    revoke: 'Revoke',
    title: 'Revoke %{name}?',
    content: 'It leaves stock for good.',
    reason: 'Reason',
    help: 'Between %{min} and %{max} characters',
    done: 'Revoked',
    conflict: 'Changed meanwhile',
  },
};

function renderButton(action: (reason: string) => Promise<unknown>) {
  renderInConsole(
    <>
      <ReasonConfirmButton
        label="test.revoke"
        icon={<span />}
        color="error"
        title="test.title"
        titleOptions={{ name: 'key 1' }}
        content="test.content"
        reason={{ label: 'test.reason', help: 'test.help', minLength: 3, maxLength: 200 }}
        action={action}
        successMessage="test.done"
        conflictMessage="test.conflict"
      />
      <Notification />
    </>,
    { messages: { en, it: en } },
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReasonConfirmButton', () => {
  it('confirms only with a long enough reason, and sends it trimmed', async () => {
    const action = vi.fn(async () => ({}));
    renderButton(action);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke key 1?' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: ' ab ' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: ' Sold twice ' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(action).toHaveBeenCalledWith('Sold twice'));
    expect(await screen.findByText('Revoked')).toBeTruthy();
  });

  it('words the help with the limits it enforces', async () => {
    renderButton(vi.fn(async () => ({})));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke key 1?' });
    expect(within(dialog).getByText('Between 3 and 200 characters')).toBeTruthy();
  });

  it('tells the user when the record changed meanwhile (409)', async () => {
    renderButton(async () => Promise.reject(Object.assign(new Error(''), { status: 409 })));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Duplicate' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Changed meanwhile')).toBeTruthy();
  });
});
