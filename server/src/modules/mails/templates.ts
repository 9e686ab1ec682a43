import type {
  ClaimReason,
  Currency,
  Locale,
  MailKind,
  OrderTotals,
  SellerStatus,
} from '@market/shared';
import { render, type MailBody, type MailShop, type RenderedMail } from './engine.ts';

/**
 * A mail written for one recipient in their language, ready for `mailer.send` (plus `to`).
 * `credential`: its link signs in or sets a password (the outbox masks it from admins).
 */
export type TemplatedMail = RenderedMail & { kind: MailKind; locale: Locale; credential?: true };

/** One mail: its kind, its HTML and text bodies; `write` renders it for a language and data. */
export type MailTemplate<D extends object> = {
  name: string;
  kind: MailKind;
  body: MailBody;
  /** Data with every field, the tests' and the docs' example. */
  example: D;
  /** Its link is a credential for whoever holds it (a password reset, an invitation). */
  credential: boolean;
  write(locale: Locale, shop: MailShop, data: D): TemplatedMail;
};

function template<D extends object>(
  name: string,
  kind: MailKind,
  body: MailBody,
  example: D,
  options: { credential?: true } = {},
): MailTemplate<D> {
  const credential = options.credential === true;
  return {
    name,
    kind,
    body,
    example,
    credential,
    write: (locale, shop, data) => ({
      kind,
      locale,
      ...(credential && { credential: true as const }),
      ...render(name, body, locale, shop, data),
    }),
  };
}

/** A line as mails show it: the line's total (unit price × quantity) and its VAT rate. */
export type MailLine = { name: string; quantity: number; totalCents: number; vatRateBps: number };
type OrderSummary = {
  number: string;
  link: string;
  currency: Currency;
  lines: MailLine[];
  totals: OrderTotals;
};

const EXAMPLE_LINK = 'https://shop.example/account?order=665f1c2e9d1a4b0012345678';
const EXAMPLE_ORDER: OrderSummary = {
  number: 'A-1042',
  link: EXAMPLE_LINK,
  currency: 'eur',
  lines: [
    { name: 'Hollow Knight (Steam)', quantity: 2, totalCents: 2998, vatRateBps: 2200 },
    { name: 'Gift card 25', quantity: 1, totalCents: 2500, vatRateBps: 0 },
  ],
  totals: { subtotal: 5498, discount: 500, vat: 450, total: 4998 },
};

const greeting = {
  html: '<p>{{#if name}}{{t "common.hello"}}{{else}}{{t "common.helloNoName"}}{{/if}}</p>',
  text: '{{#if name}}{{t "common.hello"}}{{else}}{{t "common.helloNoName"}}{{/if}}\n\n',
};

/** The address-verification link the identity provider made. */
export const verifyEmailMail = template(
  'verifyEmail',
  'verify-email',
  {
    html: `${greeting.html}<p>{{t "verifyEmail.intro"}}</p>{{> button label="verifyEmail.button"}}<p style="color:#616e7c">{{t "common.ignore"}}</p>`,
    text: `${greeting.text}{{t "verifyEmail.intro"}}\n{{link}}\n\n{{t "common.ignore"}}`,
  },
  { name: 'Ada' as string | null, link: 'https://shop.example/verify?oobCode=abc' },
);

/**
 * The password-reset link (Firebase's `generatePasswordResetLink`), for the reset flow:
 * `passwordResetMail.write(locale, shop, { name, link })`, then `mailer.send({ to, ...mail })`.
 */
export const passwordResetMail = template(
  'passwordReset',
  'password-reset',
  {
    html: `${greeting.html}<p>{{t "passwordReset.intro"}}</p>{{> button label="passwordReset.button"}}<p style="color:#616e7c">{{t "common.ignore"}}</p>`,
    text: `${greeting.text}{{t "passwordReset.intro"}}\n{{link}}\n\n{{t "common.ignore"}}`,
  },
  { name: 'Ada' as string | null, link: 'https://shop.example/reset?oobCode=abc' },
  // Whoever reads the link sets the account's password.
  { credential: true },
);

/** The payment of an order was captured (its lines and totals). */
export const orderReceivedMail = template(
  'orderReceived',
  'order-received',
  {
    html: `<p>{{t "orderReceived.intro"}}</p>{{> lines}}{{> totals}}{{> button label="common.yourOrder"}}`,
    text: `{{t "orderReceived.intro"}}\n\n{{> lines}}\n{{> totals}}\n\n{{> button label="common.yourOrder"}}`,
  },
  EXAMPLE_ORDER,
);

/** A paid order waits for a person's review before delivery. */
export const orderReviewMail = template(
  'orderReview',
  'order-review',
  {
    html: `<p>{{t "orderReview.intro"}}</p>{{> button label="common.yourOrder"}}`,
    text: `{{t "orderReview.intro"}}\n\n{{> button label="common.yourOrder"}}`,
  },
  { number: 'A-1042', link: EXAMPLE_LINK },
);

/** The DSA's trader details of a seller, shown under the lines it sold. */
export type MailTrader = { name: string; registrationName: string; vatNumber: string };

/** The keys are delivered: lines, totals with VAT, and who sold them (trader details). */
export const orderDeliveredMail = template(
  'orderDelivered',
  'order-delivered',
  {
    html: `<p>{{t "orderDelivered.intro"}}</p>{{> button label="orderDelivered.button"}}{{> lines}}{{> totals}}{{#if invoice}}<p>{{t "orderDelivered.invoice"}}</p>{{/if}}
<p style="font-size:13px;color:#616e7c"><strong>{{t "orderDelivered.sellers"}}</strong>{{#each sellers}}<br>{{name}}: {{t "orderDelivered.trader" registrationName=registrationName vatNumber=vatNumber}}{{/each}}</p>`,
    text: `{{t "orderDelivered.intro"}}\n{{> button label="orderDelivered.button"}}\n\n{{> lines}}\n{{> totals}}\n{{#if invoice}}{{t "orderDelivered.invoice"}}\n{{/if}}\n{{t "orderDelivered.sellers"}}:\n{{#each sellers}}- {{name}}: {{t "orderDelivered.trader" registrationName=registrationName vatNumber=vatNumber}}\n{{/each}}`,
  },
  {
    ...EXAMPLE_ORDER,
    sellers: [
      { name: 'Pixel Keys', registrationName: 'Pixel Keys S.r.l.', vatNumber: 'IT01234567890' },
    ] as MailTrader[],
    /** The invoice's number, when its PDF is attached. */
    invoice: '2026-000123' as string | null,
  },
);

/** An order ended undelivered (declined or cancelled after payment), with the refund owed. */
export const orderCancelledMail = template(
  'orderCancelled',
  'order-cancelled',
  {
    html: `<p>{{#if declined}}{{t "orderCancelled.declinedIntro"}}{{else}}{{t "orderCancelled.intro"}}{{/if}}</p><p>{{#if refundCents}}{{t "orderCancelled.refund"}}{{else}}{{t "orderCancelled.noCharge"}}{{/if}}</p>{{> button label="common.yourOrder"}}`,
    text: `{{#if declined}}{{t "orderCancelled.declinedIntro"}}{{else}}{{t "orderCancelled.intro"}}{{/if}}\n{{#if refundCents}}{{t "orderCancelled.refund"}}{{else}}{{t "orderCancelled.noCharge"}}{{/if}}\n\n{{> button label="common.yourOrder"}}`,
  },
  {
    number: 'A-1042',
    link: EXAMPLE_LINK,
    declined: false,
    refundCents: 4998,
    currency: 'eur' as Currency,
  },
);

/** Money went back to the buyer (a line, or the whole order). */
export const refundIssuedMail = template(
  'refundIssued',
  'refund-issued',
  {
    html: `<p>{{t "refundIssued.intro"}}</p>{{#if item}}<p>{{t "refundIssued.line"}}</p>{{/if}}<p style="color:#616e7c">{{t "refundIssued.delay"}}</p>{{> button label="common.yourOrder"}}`,
    text: `{{t "refundIssued.intro"}}\n{{#if item}}{{t "refundIssued.line"}}\n{{/if}}{{t "refundIssued.delay"}}\n\n{{> button label="common.yourOrder"}}`,
  },
  {
    number: 'A-1042',
    link: EXAMPLE_LINK,
    amountCents: 1499,
    currency: 'eur' as Currency,
    item: 'Hollow Knight (Steam)' as string | null,
  },
);

/** An on-demand line's key could not be bought from the supplier: that line is refunded. */
export const lineNotDeliveredMail = template(
  'lineNotDelivered',
  'refund-issued',
  {
    html: `<p>{{t "lineNotDelivered.intro"}}</p>{{> button label="common.yourOrder"}}`,
    text: `{{t "lineNotDelivered.intro"}}\n\n{{> button label="common.yourOrder"}}`,
  },
  { number: 'A-1042', link: EXAMPLE_LINK, item: 'Hollow Knight (Steam)' },
);

/** To the seller: a buyer reports one of its keys as not working. */
export const claimOpenedMail = template(
  'claimOpened',
  'claim-opened',
  {
    html: `<p>{{t "claimOpened.intro"}}</p><p>{{t "claimOpened.deadline"}}</p>{{> button label="claimOpened.button"}}`,
    text: `{{t "claimOpened.intro"}}\n{{t "claimOpened.deadline"}}\n\n{{> button label="claimOpened.button"}}`,
  },
  {
    number: 'A-1042',
    item: 'Hollow Knight (Steam)',
    reasonKey: 'claimReason.already_used' as `claimReason.${ClaimReason}`,
    respondBy: '2026-03-04 10:00',
    link: 'https://shop.example/seller/claims/1/show',
  },
);

/** To the buyer: how their report about a key ended. */
export const claimSettledMail = template(
  'claimSettled',
  'claim-settled',
  {
    html: `<p>{{t "claimSettled.intro"}} {{t outcomeKey}}</p>{{#if note}}<p>{{t "claimSettled.note"}}</p>{{/if}}{{> button label="common.yourOrder"}}`,
    text: `{{t "claimSettled.intro"}} {{t outcomeKey}}\n{{#if note}}{{t "claimSettled.note"}}\n{{/if}}\n{{> button label="common.yourOrder"}}`,
  },
  {
    number: 'A-1042',
    item: 'Hollow Knight (Steam)',
    outcomeKey: 'claimSettled.rejected' as `claimSettled.${'replaced' | 'refunded' | 'rejected'}`,
    note: 'The key was redeemed on another account' as string | null,
    link: EXAMPLE_LINK,
  },
);

/** To the seller: the decision on its application (or a later suspension / reinstatement). */
export const sellerStatusMail = template(
  'sellerStatus',
  'seller-status',
  {
    html: `<p>{{t "sellerStatus.intro"}}</p>{{#if reason}}<p>{{t "sellerStatus.reason"}}</p>{{/if}}{{> button label="sellerStatus.button"}}`,
    text: `{{t "sellerStatus.intro"}}\n{{#if reason}}{{t "sellerStatus.reason"}}\n{{/if}}\n{{> button label="sellerStatus.button"}}`,
  },
  {
    shopName: 'Pixel Keys',
    statusKey: 'sellerStatus.approved' as `sellerStatus.${SellerStatus}`,
    reason: 'Documents checked' as string | null,
    link: 'https://shop.example/seller/',
  },
);

/** To the seller: the marketplace decided on its change of legal (trader) details. */
export const sellerLegalChangeMail = template(
  'sellerLegalChange',
  'seller-status',
  {
    html: `<p>{{t "sellerLegalChange.intro"}}</p>{{#if reason}}<p>{{t "sellerStatus.reason"}}</p>{{/if}}{{> button label="sellerLegalChange.button"}}`,
    text: `{{t "sellerLegalChange.intro"}}\n{{#if reason}}{{t "sellerStatus.reason"}}\n{{/if}}\n{{> button label="sellerLegalChange.button"}}`,
  },
  {
    shopName: 'Pixel Keys',
    outcomeKey: 'sellerLegalChange.approved' as
      'sellerLegalChange.approved' | 'sellerLegalChange.rejected',
    reason: 'Registry extract checked' as string | null,
    link: 'https://shop.example/seller/shop',
  },
);

/** To the seller: its lines of an order were delivered (a sale). */
export const sellerSaleMail = template(
  'sellerSale',
  'seller-sale',
  {
    html: `<p>{{t "sellerSale.intro"}}</p>{{> lines}}{{> button label="sellerSale.button"}}`,
    text: `{{t "sellerSale.intro"}}\n\n{{> lines}}\n{{> button label="sellerSale.button"}}`,
  },
  {
    number: 'A-1042',
    currency: 'eur' as Currency,
    lines: EXAMPLE_ORDER.lines,
    link: 'https://shop.example/seller/',
  },
);

/** To the seller: an offer's stock fell to the low-stock threshold. */
export const sellerLowStockMail = template(
  'sellerLowStock',
  'seller-low-stock',
  {
    html: `<p>{{t "sellerLowStock.intro"}}</p>{{> button label="sellerLowStock.button"}}`,
    text: `{{t "sellerLowStock.intro"}}\n\n{{> button label="sellerLowStock.button"}}`,
  },
  { item: 'Hollow Knight (Steam)', stock: 2, link: 'https://shop.example/seller/offers' },
);

/** To the seller: a payout went out. */
export const sellerPayoutMail = template(
  'sellerPayout',
  'seller-payout',
  {
    html: `<p>{{t "sellerPayout.intro"}}</p>{{#if reference}}<p>{{t "sellerPayout.reference"}}</p>{{/if}}{{> button label="sellerPayout.button"}}`,
    text: `{{t "sellerPayout.intro"}}\n{{#if reference}}{{t "sellerPayout.reference"}}\n{{/if}}\n{{> button label="sellerPayout.button"}}`,
  },
  {
    amountCents: 12_345,
    currency: 'eur' as Currency,
    reference: 'PAYOUT-7' as string | null,
    link: 'https://shop.example/seller/payouts',
  },
);

/** Why a supplier refused a unit (its error codes), as the seller reads it. */
export type SupplierRefusal =
  | 'OUT_OF_STOCK'
  | 'PRICE_CHANGED'
  | 'INSUFFICIENT_BALANCE'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'UNAVAILABLE'
  | 'REJECTED';

/** To the seller: an on-demand unit could not be bought; the line is refunded, the offer paused. */
export const sellerOfferPausedMail = template(
  'sellerOfferPaused',
  'seller-offer-paused',
  {
    html: `<p>{{t "sellerOfferPaused.intro"}}</p><p>{{t "sellerOfferPaused.paused"}}</p>`,
    text: `{{t "sellerOfferPaused.intro"}}\n{{t "sellerOfferPaused.paused"}}`,
  },
  {
    number: 'A-1042',
    item: 'Hollow Knight (Steam)',
    whyKey: 'supplierRefusal.REJECTED' as `supplierRefusal.${SupplierRefusal}`,
    supplier: 'Wock',
    detail: 'sku retired',
  },
);

/** An administrator's invitation: a link to choose a password, then the admin console. */
export const adminInviteMail = template(
  'adminInvite',
  'admin-invite',
  {
    html: `${greeting.html}<p>{{t "adminInvite.intro"}}</p>{{> button label="adminInvite.button"}}<p>{{t "adminInvite.then"}} <a href="{{console}}">{{console}}</a></p>`,
    text: `${greeting.text}{{t "adminInvite.intro"}}\n{{link}}\n\n{{t "adminInvite.then"}} {{console}}`,
  },
  {
    name: 'Ada' as string | null,
    link: 'https://shop.example/reset?oobCode=abc',
    console: 'https://shop.example/admin/',
  },
  // The link sets the new admin's password.
  { credential: true },
);

/** The other party of an order's conversation wrote (at most one such mail every 10 minutes). */
export const chatMessageMail = template(
  'chatMessage',
  'chat-message',
  {
    html: `<p>{{t "chatMessage.intro"}}</p>{{> button label=where}}`,
    text: `{{t "chatMessage.intro"}}\n\n{{> button label=where}}`,
  },
  {
    number: 'A-1042',
    where: 'chatMessage.account' as 'chatMessage.account' | 'chatMessage.console',
    link: 'https://shop.example/account?order=abc',
  },
);

/** Every template, for the tests and the docs. */
export const MAIL_TEMPLATES = [
  verifyEmailMail,
  passwordResetMail,
  orderReceivedMail,
  orderReviewMail,
  orderDeliveredMail,
  orderCancelledMail,
  refundIssuedMail,
  lineNotDeliveredMail,
  claimOpenedMail,
  claimSettledMail,
  sellerStatusMail,
  sellerLegalChangeMail,
  sellerSaleMail,
  sellerLowStockMail,
  sellerPayoutMail,
  sellerOfferPausedMail,
  adminInviteMail,
  chatMessageMail,
] as const;
