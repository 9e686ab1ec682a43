import { z } from 'zod';

/** How many requests one caller may make in a window of `seconds`. */
export type Limit = { points: number; seconds: number };

/**
 * Every abuse limit, with its default. Generous enough that a person never meets one; tight
 * enough that a script guessing codes, creating accounts or holding stock hostage stops at once.
 */
export const DEFAULT_LIMITS = {
  /** Sign-up and Google sign-up, per client address. */
  signUp: { points: 10, seconds: 3600 },
  /** Seller applications, per client address. */
  sellerApplication: { points: 5, seconds: 3600 },
  /** `POST /api/login`, per client address. */
  login: { points: 30, seconds: 300 },
  /**
   * Coupon guesses (a verify, a cart summary carrying a code), per user and per client address.
   */
  coupon: { points: 30, seconds: 600 },
  /**
   * Cart summaries, per user only: the cart and checkout pages ask one at each load and change,
   * and a shared address (an office, a carrier's NAT) must not stop others checking out.
   */
  cartSummary: { points: 120, seconds: 60 },
  /** Checkouts started, per user and per client address. */
  checkout: { points: 10, seconds: 600 },
  /** Key uploads, per seller (the console sends batches of 500: 600 batches is 300,000 keys). */
  keyUpload: { points: 600, seconds: 60 },
  /** Supplier connection tests, per seller: each one calls the supplier, which throttles us. */
  supplierTest: { points: 30, seconds: 600 },
  /** Key reveals and account claims, per user. */
  keyReveal: { points: 60, seconds: 600 },
  /** Payment providers' webhooks, per client address. */
  webhook: { points: 600, seconds: 60 },
  /** Page views, per client address: a busy reader's tabs pass, a script does not. */
  pageView: { points: 120, seconds: 60 },
  /** Chat messages, per user: a person typing fast passes, a flood does not. */
  chatMessage: { points: 30, seconds: 60 },
  /** Password reset mails and password-change notices, per client address (mail bombing). */
  passwordReset: { points: 10, seconds: 900 },
  /** Seller API calls with an API token, per token (every method counts). */
  apiToken: { points: 600, seconds: 60 },
} satisfies Record<string, Limit>;
export type LimitName = keyof typeof DEFAULT_LIMITS;
export type Limits = Record<LimitName, Limit>;

export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as [LimitName, ...LimitName[]];

/**
 * `RATE_LIMITS`: overrides as `name=points/seconds`, comma-separated
 * (`login=50/300,checkout=20/600`); the rest keep their defaults.
 */
export const RateLimitsSchema = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const limits: Limits = { ...DEFAULT_LIMITS };
    for (const entry of text
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const match = /^(\w+)=(\d+)\/(\d+)$/.exec(entry);
      const name = LIMIT_NAMES.find((n) => n === match?.[1]);
      if (!match || !name || Number(match[2]) < 1 || Number(match[3]) < 1) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not name=points/seconds with a name among ${LIMIT_NAMES.join(', ')}`,
        });
        return z.NEVER;
      }
      limits[name] = { points: Number(match[2]), seconds: Number(match[3]) };
    }
    return limits;
  });
