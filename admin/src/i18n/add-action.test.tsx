import { renderInConsole } from '@market/console-kit/testing';
import { cleanup, screen } from '@testing-library/react';
import { CreateButton } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { it as italian } from './it.ts';

afterEach(cleanup);

describe('the admin lists’ create action', () => {
  it('is called "add", as the spec names it, in both languages', async () => {
    renderInConsole(<CreateButton resource="brands" />, { messages: { en, it: italian } });
    expect(await screen.findByRole('link', { name: 'Add' })).toBeTruthy();
    cleanup();
    renderInConsole(<CreateButton resource="brands" />, {
      messages: { en, it: italian },
      locale: 'it',
    });
    expect(await screen.findByRole('link', { name: 'Aggiungi' })).toBeTruthy();
  });
});
