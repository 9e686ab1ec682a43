import { describe, expect, it } from 'vitest';
import { BlocklistCreateSchema } from '../schemas/blocklist.ts';
import { KeyReasonSchema } from '../schemas/keys.ts';
import { RefundRequestSchema } from '../schemas/refunds.ts';
import { SellerDecisionSchema } from '../schemas/sellers.ts';
import { PasswordSchema, UserProfileInputSchema } from '../schemas/users.ts';
import {
  KEY_REASON_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
} from './limits.ts';

const text = (length: number) => 'a'.repeat(length);

// The forms read these limits; the schemas must enforce exactly them, or a form would send
// what the API refuses (or refuse what it takes).
describe('the named limits', () => {
  it('bound a reason', () => {
    const refund = (reason: string) => RefundRequestSchema.safeParse({ reason }).success;
    expect(refund(text(REASON_MIN_LENGTH))).toBe(true);
    expect(refund(text(REASON_MIN_LENGTH - 1))).toBe(false);
    expect(refund(text(REASON_MAX_LENGTH))).toBe(true);
    expect(refund(text(REASON_MAX_LENGTH + 1))).toBe(false);
    const decision = (reason: string) => SellerDecisionSchema.safeParse({ reason }).success;
    expect(decision(text(REASON_MAX_LENGTH + 1))).toBe(false);
    const entry = (reason: string) =>
      BlocklistCreateSchema.safeParse({ kind: 'ip', value: '10.0.0.1', reason }).success;
    expect(entry(text(REASON_MAX_LENGTH))).toBe(true);
    expect(entry(text(REASON_MAX_LENGTH + 1))).toBe(false);
  });

  it('bound a key reason', () => {
    const key = (reason: string) => KeyReasonSchema.safeParse({ reason }).success;
    expect(key(text(KEY_REASON_MAX_LENGTH))).toBe(true);
    expect(key(text(KEY_REASON_MAX_LENGTH + 1))).toBe(false);
  });

  it('bound a name and a password', () => {
    const name = (value: string) =>
      UserProfileInputSchema.safeParse({ email: 'a@example.com', name: value }).success;
    expect(name(text(NAME_MAX_LENGTH))).toBe(true);
    expect(name(text(NAME_MAX_LENGTH + 1))).toBe(false);
    expect(PasswordSchema.safeParse(text(PASSWORD_MIN_LENGTH - 1)).success).toBe(false);
    expect(PasswordSchema.safeParse(text(PASSWORD_MAX_LENGTH)).success).toBe(true);
    expect(PasswordSchema.safeParse(text(PASSWORD_MAX_LENGTH + 1)).success).toBe(false);
  });
});
