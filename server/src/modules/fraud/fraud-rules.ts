import type { ActivationRegion, CategoryId, OrderStatus } from '@market/shared';
import {
  activatesIn,
  businessDeclineReason,
  fraudDeclineReason,
  ORDER_REASONS,
  reviewReason,
} from '@market/shared';

/**
 * Screening of a paid order (spec section 3's fraud-screening layer, behaviour not shown). Pure:
 * the service gathers the facts (counts, lists, ages) and this decides. Rules, strongest first:
 *
 * 1. Business rules → `declined_business`: a blocked user; a key paid from a country (the
 *    payer's, else the address's) where its offer's region does not activate it — a ROW key
 *    (rest of the world) from the EU or the UK, an EU key from the US… — unless the buyer
 *    confirmed buying it although it does not activate there (docs/regions.md).
 * 2. Hard fraud signals → `declined_fraud`: the email, address or payment instrument is on the
 *    blocklist; more orders than the hard velocity limit within the window (per user, address or
 *    instrument).
 * 3. Soft signals → `review` (a person decides): more than the soft velocity limit; a new account
 *    (younger than `newAccountDays`) paying more than `newAccountMaxCents`; the address's country
 *    differs from the payment's; a total over `reviewAboveCents`.
 * 4. Otherwise → approved, "Approved with correct payment execution".
 *
 * "Approved because it is a software product" (our reading): software licences are bound to one
 * installation and rarely resold, so an order of software only, under `softwareMaxCents`, skips
 * the manual review the soft signals would ask for. Hard signals and business rules still apply.
 *
 * Thresholds are cents in the order's currency (EUR, USD and GBP are close enough for a limit).
 */
export type FraudConfig = {
  velocityWindowMinutes: number;
  /** Orders in the window (this one included) above which a person looks. */
  velocitySoftLimit: number;
  /** Orders in the window (this one included) above which the order is refused. */
  velocityHardLimit: number;
  newAccountDays: number;
  newAccountMaxCents: number;
  reviewAboveCents: number;
  softwareMaxCents: number;
};

export const FRAUD_DEFAULTS: FraudConfig = {
  velocityWindowMinutes: 60,
  velocitySoftLimit: 3,
  velocityHardLimit: 10,
  newAccountDays: 3,
  newAccountMaxCents: 15_000,
  reviewAboveCents: 100_000,
  softwareMaxCents: 50_000,
};

/** Everything screening looks at, gathered by the order service. */
export type ScreeningFacts = {
  totalCents: number;
  /**
   * `region`: where the line's offer activates its keys (the order item's, else its product's);
   * `regionConfirmed`: the buyer confirmed the key does not activate in their country.
   */
  items: Array<{ categoryId: CategoryId; region: ActivationRegion; regionConfirmed?: boolean }>;
  user: { blocked: boolean; accountAgeDays: number };
  /** Orders in the window, this one included. */
  recentOrders: { byUser: number; byIp: number; byInstrument: number };
  blocklisted: { email: boolean; ip: boolean; instrument: boolean };
  /** Country of the client address, when known (ISO alpha-2). */
  ipCountry: string | null;
  /** Country of the payer as the provider reports it, when known. */
  paymentCountry: string | null;
};

export type ScreeningOutcome = {
  status: Extract<OrderStatus, 'approved' | 'review' | 'declined_fraud' | 'declined_business'>;
  reason: string;
};

/** The decision screening takes on a paid order. */
export function screen(f: ScreeningFacts, config: FraudConfig = FRAUD_DEFAULTS): ScreeningOutcome {
  const business = (rule: string) =>
    ({ status: 'declined_business', reason: businessDeclineReason(rule) }) as const;
  const fraud = (rule: string) =>
    ({ status: 'declined_fraud', reason: fraudDeclineReason(rule) }) as const;

  if (f.user.blocked) return business('blocked user');
  const country = (f.paymentCountry ?? f.ipCountry)?.toUpperCase() ?? null;
  // Since the payment's country is known (the VAT evidence, docs/vat.md) this rule meets real
  // payments: a line the buyer knowingly bought (confirmed) is theirs to have.
  const unconfirmedElsewhere =
    country !== null && f.items.some((i) => !i.regionConfirmed && !activatesIn(i.region, country));
  if (unconfirmedElsewhere) return business('key paid from a country where it does not activate');

  if (f.blocklisted.email) return fraud('blocked email');
  if (f.blocklisted.ip) return fraud('blocked address');
  if (f.blocklisted.instrument) return fraud('blocked payment instrument');
  const velocity = Math.max(
    f.recentOrders.byUser,
    f.recentOrders.byIp,
    f.recentOrders.byInstrument,
  );
  if (velocity > config.velocityHardLimit) return fraud('too many orders');

  const softSignal = (): string | null => {
    if (velocity > config.velocitySoftLimit) return 'many orders in a short time';
    if (f.user.accountAgeDays < config.newAccountDays && f.totalCents > config.newAccountMaxCents) {
      return 'large order from a new account';
    }
    if (
      f.ipCountry &&
      f.paymentCountry &&
      f.ipCountry.toUpperCase() !== f.paymentCountry.toUpperCase()
    ) {
      return 'address and payment countries differ';
    }
    if (f.totalCents > config.reviewAboveCents) return 'large order';
    return null;
  };
  const software =
    f.items.length > 0 &&
    f.items.every((i) => i.categoryId === 'softwares') &&
    f.totalCents <= config.softwareMaxCents;
  if (software) return { status: 'approved', reason: ORDER_REASONS.software };
  const signal = softSignal();
  if (signal) return { status: 'review', reason: reviewReason(signal) };
  return { status: 'approved', reason: ORDER_REASONS.paymentOk };
}
