import { TOTAL_CHANGED_FIELD, type CartSummary, type CheckoutTotalChanged } from '@market/shared';
import { AppError } from '../../lib/errors.ts';

/**
 * The checkout's refusal when the order would cost something else than the total the buyer was
 * shown (`expectedTotalCents`): a seller changed the price, an exchange rate moved. It carries
 * the cart summary as it stands now, so the buyer sees the new total before paying (never a
 * silent difference); the route answers it as a 409 with that summary.
 */
export class TotalChanged extends AppError {
  readonly summary: CartSummary;
  constructor(expected: number, summary: CartSummary) {
    const total = `${(summary.totalCents / 100).toFixed(2)} ${summary.currency.toUpperCase()}`;
    super('CONFLICT', {
      message: `The total changed since it was shown (${expected} → ${summary.totalCents}): check it and pay again`,
      errors: { [TOTAL_CHANGED_FIELD]: `The total is now ${total}` },
    });
    this.summary = summary;
  }

  /** The answer's body: the one error shape, with the summary beside it. */
  body(requestId: string | undefined): CheckoutTotalChanged {
    return {
      code: this.code,
      message: this.message,
      errors: this.errors ?? {},
      summary: this.summary,
      ...(requestId && { requestId }),
    };
  }
}
