import { SELLER_STATUSES } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { sellerDecisionsFrom } from './seller-decisions.ts';

describe('sellerDecisionsFrom', () => {
  it.each([
    ['pending', ['approve', 'reject']],
    ['approved', ['suspend']],
    ['rejected', ['approve']],
    ['suspended', ['approve']],
  ] as const)('offers %s sellers exactly %j', (status, decisions) => {
    expect(sellerDecisionsFrom(status)).toEqual(decisions);
  });

  it('leaves no status without a way out', () => {
    for (const status of SELLER_STATUSES) {
      expect(sellerDecisionsFrom(status).length, status).toBeGreaterThan(0);
    }
  });
});
