import { describe, expect, it } from 'vitest';
import { assertRole, readRole } from './role-check.ts';

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
