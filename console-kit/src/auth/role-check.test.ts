import { describe, expect, it } from 'vitest';
import {
  APPLICANT_PERMISSION,
  assertConsoleAccess,
  assertRole,
  consolePermission,
  readRole,
  readSellerId,
} from './role-check.ts';

describe('readRole', () => {
  it('reads a known role claim', () => {
    expect(readRole({ role: 'seller' })).toBe('seller');
  });

  it('gives null for a missing or unknown role', () => {
    expect(readRole({})).toBeNull();
    expect(readRole({ role: 'superuser' })).toBeNull();
    expect(readRole({ role: ['admin'] })).toBeNull();
  });
});

describe('assertRole', () => {
  it("lets the console's own role in", () => {
    expect(assertRole({ role: 'admin', email: 'a@example.com' }, 'admin')).toBe('admin');
  });

  it.each([
    ['a seller into the admin console', { role: 'seller' }, 'admin'],
    ['an admin into the seller console', { role: 'admin' }, 'seller'],
    ['a plain user', { role: 'user' }, 'seller'],
    ['an account without a role claim', {}, 'admin'],
  ] as const)('rejects %s with app.auth.wrong_role', (_, claims, role) => {
    expect(() => assertRole(claims, role)).toThrow('app.auth.wrong_role');
  });
});

describe('readSellerId', () => {
  it('reads a non-empty sellerId claim', () => {
    expect(readSellerId({ role: 'user', sellerId: 'pixel-keys-1a2b3c' })).toBe('pixel-keys-1a2b3c');
  });

  it('gives null for a missing, empty or non-string claim', () => {
    expect(readSellerId({ role: 'user' })).toBeNull();
    expect(readSellerId({ sellerId: '' })).toBeNull();
    expect(readSellerId({ sellerId: 42 })).toBeNull();
  });
});

describe('consolePermission', () => {
  const applicant = { role: 'user', sellerId: 's-1' };

  it("gives the console's own role to its holders", () => {
    expect(consolePermission({ role: 'seller', sellerId: 's-1' }, 'seller')).toBe('seller');
    expect(consolePermission({ role: 'admin' }, 'admin', { admitApplicants: true })).toBe('admin');
  });

  it('gives applicant to a user with a seller application, where applicants are admitted', () => {
    expect(consolePermission(applicant, 'seller', { admitApplicants: true })).toBe(
      APPLICANT_PERMISSION,
    );
  });

  it('keeps applicants out of a console that does not admit them (the admin console)', () => {
    expect(consolePermission(applicant, 'admin')).toBeNull();
    expect(consolePermission(applicant, 'seller')).toBeNull();
  });

  it.each([
    ['a plain user', { role: 'user' }],
    ['an admin with a sellerId', { role: 'admin', sellerId: 's-1' }],
    ['an account without a role claim', { sellerId: 's-1' }],
  ] as const)('refuses %s in a console admitting applicants', (_, claims) => {
    expect(consolePermission(claims, 'seller', { admitApplicants: true })).toBeNull();
    expect(() => assertConsoleAccess(claims, 'seller', { admitApplicants: true })).toThrow(
      'app.auth.wrong_role',
    );
  });
});
