/**
 * The mails' English texts, by `<mail>.<part>`. Values are Handlebars: `{{name}}` reads the
 * mail's data (escaped in the HTML version). `messages.it.ts` must have every key (its type says
 * so, and the templates test renders every mail in both languages).
 */
export const en = {
  'common.hello': 'Hello {{name}},',
  'common.helloNoName': 'Hello,',
  'common.yourOrder': 'Your order',
  'common.product': 'Product',
  'common.quantity': 'Qty',
  'common.price': 'Price',
  'common.subtotal': 'Subtotal',
  'common.discount': 'Discount',
  'common.vatIncluded': 'of which VAT',
  'common.total': 'Total',
  'common.vatRate': 'VAT {{rate}}',
  'common.zeroVat': 'no VAT',
  'common.ignore': 'If you did not ask for it, ignore this mail.',

  'verifyEmail.subject': 'Verify your email address',
  'verifyEmail.intro': 'Open this link to verify your email address:',
  'verifyEmail.button': 'Verify your email address',

  'passwordReset.subject': 'Reset your password',
  'passwordReset.intro':
    'Someone asked to reset the password of your account. Open this link to choose a new one:',
  'passwordReset.button': 'Choose a new password',

  'adminInvite.subject': 'You are invited to run {{shop.name}}',
  'adminInvite.intro':
    'You are invited to run the marketplace as an administrator. Choose your password:',
  'adminInvite.button': 'Choose your password',
  'adminInvite.then': 'Then sign in to the admin console:',

  'chatMessage.subject': 'New message about order {{number}}',
  'chatMessage.intro': 'You have a new message about order {{number}}.',
  'chatMessage.account': 'Read it and answer from your account',
  'chatMessage.console': 'Read it and answer in the seller console',

  'orderReceived.subject': 'We received your order {{number}}',
  'orderReceived.intro':
    'Thank you: we received the payment of your order {{number}}. We will mail you again when your keys are ready.',

  'orderReview.subject': 'Your order {{number}} is being checked',
  'orderReview.intro':
    'Your order {{number}} is paid and is being checked by our team before delivery. This usually takes a few hours; we will mail you as soon as it is decided.',

  'orderDelivered.subject': 'Your order {{number}} is ready',
  'orderDelivered.intro':
    'Your order {{number}} is approved. Your keys are waiting in your account.',
  'orderDelivered.button': 'See your keys',
  'orderDelivered.sellers': 'Sold by',
  'orderDelivered.trader': '{{registrationName}}, VAT number {{vatNumber}}',
  'orderDelivered.invoice': 'Your invoice {{invoice}} is attached (PDF).',

  'orderCancelled.subject':
    'Your order {{number}} was {{#if declined}}declined{{else}}cancelled{{/if}}',
  'orderCancelled.intro': 'Your order {{number}} was cancelled and will not be delivered.',
  'orderCancelled.declinedIntro': 'Your order {{number}} was declined and will not be delivered.',
  'orderCancelled.refund':
    'The {{money refundCents currency}} you paid goes back to your payment method.',
  'orderCancelled.noCharge': 'You were not charged for it.',

  'refundIssued.subject': 'Order {{number}}: {{money amountCents currency}} refunded',
  'refundIssued.intro':
    'We refunded {{money amountCents currency}} of your order {{number}} to your payment method.',
  'refundIssued.line': 'Refunded: {{item}}.',
  'refundIssued.delay': 'Depending on your bank, it may take a few days to show on your statement.',

  'lineNotDelivered.subject': 'Order {{number}}: {{item}} refunded',
  'lineNotDelivered.intro':
    "We could not get the key for {{item}} from our seller's supplier, so that line of your order {{number}} is refunded to your payment method.",

  'claimOpened.subject': 'A buyer reports a key of {{item}} as not working',
  'claimOpened.intro':
    'A buyer reports a key of {{item}} (order {{number}}) as not working ({{t reasonKey}}).',
  'claimOpened.deadline':
    'Replace it or refund it by {{respondBy}} UTC, or the line is refunded automatically.',
  'claimOpened.button': 'Open the claim',
  'claimReason.not_working': 'not working',
  'claimReason.already_used': 'already used',
  'claimReason.wrong_region': 'wrong region',
  'claimReason.wrong_product': 'wrong product',
  'claimReason.other': 'other reason',

  'claimSettled.subject': 'Order {{number}}: your report about {{item}}',
  'claimSettled.intro': 'Your report about a key of {{item}} (order {{number}}) is settled:',
  'claimSettled.replaced': 'the seller replaced the key. The new key is waiting in your order.',
  'claimSettled.refunded': 'the key was refunded to your payment method.',
  'claimSettled.rejected': 'after review, the key was found to work.',
  'claimSettled.note': 'Note: {{note}}',

  'sellerLegalChange.subject': 'Change of legal details {{t outcomeKey}}',
  'sellerLegalChange.approved': 'approved',
  'sellerLegalChange.rejected': 'rejected',
  'sellerLegalChange.intro':
    'Your change of the legal details of {{shopName}} (registered name, VAT number, address) was {{t outcomeKey}}.',
  'sellerLegalChange.button': 'Shop profile',

  'sellerStatus.subject': 'Seller account {{t statusKey}}',
  'sellerStatus.approved': 'approved',
  'sellerStatus.rejected': 'rejected',
  'sellerStatus.suspended': 'suspended',
  'sellerStatus.pending': 'pending',
  'sellerStatus.intro': 'Your seller application for {{shopName}} is now {{t statusKey}}.',
  'sellerStatus.reason': 'Reason: {{reason}}',
  'sellerStatus.button': 'Seller console',

  'sellerSale.subject': 'New sale: order {{number}}',
  'sellerSale.intro': 'You sold these lines of order {{number}}; the keys went to the buyer.',
  'sellerSale.button': 'See the sale',

  'sellerLowStock.subject': 'Low stock: {{item}}',
  'sellerLowStock.intro':
    'Your offer for {{item}} has {{stock}} keys left. Upload more keys to keep it on sale.',
  'sellerLowStock.button': 'Your offers',

  'sellerPayout.subject': 'Payout of {{money amountCents currency}} sent',
  'sellerPayout.intro': 'We sent you a payout of {{money amountCents currency}}.',
  'sellerPayout.reference': 'Reference: {{reference}}',
  'sellerPayout.button': 'Your payouts',

  'sellerOfferPaused.subject': 'Order {{number}}: {{item}} refunded, offer paused',
  'sellerOfferPaused.intro':
    'A buyer paid for {{item}} but the key could not be bought: {{t whyKey}}.',
  'supplierRefusal.OUT_OF_STOCK': '{{supplier}} had no key left',
  'supplierRefusal.PRICE_CHANGED': "{{supplier}}'s price rose above your cost ceiling",
  'supplierRefusal.INSUFFICIENT_BALANCE': 'your balance at {{supplier}} did not cover the purchase',
  'supplierRefusal.UNAUTHORIZED': "{{supplier}} refused your connection's credentials",
  'supplierRefusal.NOT_FOUND':
    '{{supplier}} no longer has this product (or the connection is gone)',
  'supplierRefusal.UNAVAILABLE': '{{supplier}} did not answer in time',
  'supplierRefusal.REJECTED': '{{supplier}} refused the purchase: {{detail}}',
  'sellerOfferPaused.paused':
    'The line was refunded and the offer is paused until its next sync finds it sellable again.',
} as const;

export type MessageKey = keyof typeof en;
