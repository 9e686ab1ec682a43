import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { it as italian } from '../../i18n/it.ts';
import { regionConfirmedNote } from './region-note.ts';

const confirmed = { country: 'IT', at: '2026-11-27T15:20:00.000Z' };

describe('regionConfirmedNote', () => {
  it('names the country and the day the buyer confirmed, in the page’s language', () => {
    expect(regionConfirmedNote(en.cart.regionConfirmed, confirmed, 'en', 'UTC')).toBe(
      'Does not activate in Italy — you confirmed on November 27, 2026',
    );
    expect(regionConfirmedNote(italian.cart.regionConfirmed, confirmed, 'it', 'UTC')).toBe(
      'Non si attiva in Italia — l’hai confermato il 27 novembre 2026',
    );
  });

  it('says the same on the order in /account', () => {
    expect(
      regionConfirmedNote(
        en.account.orders.regionConfirmed,
        { ...confirmed, country: 'DE' },
        'en',
        'UTC',
      ),
    ).toBe('Does not activate in Germany — you confirmed on November 27, 2026');
  });
});
