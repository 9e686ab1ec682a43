import type { ChipProps } from '@mui/material';
import {
  canTransition,
  ORDER_REASONS,
  type AdminOrder,
  type AdminOrderAction,
  type AdminReason,
  type OrderItem,
  type OrderStatus,
} from '@market/shared';

/** The decisions the order page offers; several lead to a decline, each with its own reason. */
export const ORDER_DECISIONS = [
  'approve',
  'decline',
  'decline_fraud',
  'decline_business',
  'cancel',
] as const;
export type OrderDecisionName = (typeof ORDER_DECISIONS)[number];

/** The API call of a decision: `POST /orders/:id/<action>` with `reason`, and where it leads. */
export interface OrderDecisionCall {
  action: AdminOrderAction;
  to: OrderStatus;
  /** Left out for approve: the server records "manual review" or "previous was declined". */
  reason?: AdminReason;
}

export const ORDER_DECISION_CALLS: Readonly<Record<OrderDecisionName, OrderDecisionCall>> = {
  approve: { action: 'approve', to: 'approved' },
  decline: { action: 'decline', to: 'declined', reason: ORDER_REASONS.adminDeclined },
  decline_fraud: {
    action: 'decline',
    to: 'declined_fraud',
    reason: ORDER_REASONS.adminDeclinedFraud,
  },
  decline_business: {
    action: 'decline',
    to: 'declined_business',
    reason: ORDER_REASONS.adminDeclinedBusiness,
  },
  cancel: { action: 'cancel', to: 'cancelled', reason: ORDER_REASONS.adminCancelled },
};

/** The decisions an admin may take on an order in `status`: the shared transition table's. */
export function orderDecisionsFrom(status: OrderStatus): OrderDecisionName[] {
  return ORDER_DECISIONS.filter((name) =>
    canTransition(status, ORDER_DECISION_CALLS[name].to, 'Admin'),
  );
}

/**
 * The decisions the order page offers on this order: the table's, less approving again a
 * decline whose captured payment went back to the buyer with it (the API refuses that: the
 * buyer orders again).
 */
export function orderDecisionsFor(
  order: Pick<AdminOrder, 'status' | 'payment'>,
): OrderDecisionName[] {
  const paidBack = order.status !== 'review' && order.payment?.status === 'captured';
  return orderDecisionsFrom(order.status).filter((name) => name !== 'approve' || !paidBack);
}

/** Status chip colours: what waits for a person (review) stands out. */
export const ORDER_STATUS_COLORS: Readonly<Record<OrderStatus, ChipProps['color']>> = {
  pending: 'info',
  review: 'warning',
  approved: 'success',
  declined: 'error',
  cancelled: 'default',
  declined_fraud: 'error',
  declined_business: 'error',
  charged_back: 'error',
};

/**
 * Whether money can still go back: an approved order (the API refunds only those) whose payment
 * was captured and not all of it refunded.
 */
export function isRefundable(
  order: Pick<AdminOrder, 'status' | 'payment' | 'refundedCents' | 'totals'>,
) {
  return (
    order.status === 'approved' &&
    order.payment?.status === 'captured' &&
    order.refundedCents < order.totals.total
  );
}

/** Whether a line can be refunded on its own: a line of a refundable order not refunded yet. */
export function isLineRefundable(
  order: Pick<AdminOrder, 'status' | 'payment' | 'refundedCents' | 'totals'>,
  line: Pick<OrderItem, 'refundedCents'>,
) {
  return isRefundable(order) && line.refundedCents === 0;
}
