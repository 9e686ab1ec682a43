/** The groups of the reference page, in the order it shows them. */
export const API_TAGS = {
  catalogue: {
    name: 'Public catalogue',
    description: 'Open to guests: categories, products, prices and offers (spec section 7).',
  },
  analytics: {
    name: 'Analytics',
    description: 'Storefront page views, open to guests and rate-limited per address.',
  },
  session: {
    name: 'Session',
    description:
      'Sign up (buyers, and sellers applying for a shop), trade a Firebase ID token for the `session` cookie, and sign out.',
  },
  system: { name: 'System', description: 'Health, sign-in configuration and the caller.' },
  payments: {
    name: 'Payment webhooks',
    description:
      'Called by PayPal and Checkout.com, not by people: no credential, the provider’s signature over the raw body authenticates each delivery.',
  },
  user: {
    name: 'Signed-in user',
    description:
      'The caller’s own records (any role). Where a call names `userId` it must be the caller’s uid (else 403).',
  },
  seller: {
    name: 'Seller',
    description:
      'For sellers whose shop is approved. Every call sees only the caller’s own records: another seller’s id answers 404.',
  },
  admin: {
    name: 'Admin',
    description:
      'The admin console: users, sellers, the catalogue and its reference data, offers and keys, exchange rates, the audit log and the mail outbox. Admins only.',
  },
} as const;
export type ApiTag = keyof typeof API_TAGS;
