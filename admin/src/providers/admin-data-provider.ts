import type { ConsoleDataProvider } from '@market/console-kit';
import type {
  AdminClaim,
  AdminInviteResult,
  AdminOrder,
  ClaimDecision,
  AdminOrderAction,
  AdminReason,
  LegalChangeDecisionKind,
  Payout,
  PayoutMethod,
  ProductImage,
  Seller,
  SellerDecision,
  UserInfoFull,
} from '@market/shared';

/** The admin API's data provider: simple-rest resources plus the admin's actions. */
export interface AdminDataProvider extends ConsoleDataProvider {
  /** `POST /api/admin/users/edit`: blocks (signing the user out everywhere) or unblocks. */
  editUser(params: { userId: string; blocked: boolean }): Promise<UserInfoFull>;
  /** `POST /api/admin/users/invite`: makes the email an admin and mails the invitation. */
  inviteAdmin(params: { email: string; name: string }): Promise<AdminInviteResult>;
  /** Erases the user's personal data (orders kept anonymised); audited. */
  anonymiseUser(userId: string): Promise<UserInfoFull>;
  /** `POST /api/admin/users/send-verify`: sends the verification mail again. */
  sendVerify(params: { email: string; name: string }): Promise<void>;
  /** `POST /api/admin/sellers/:id/<decision>` with an optional reason: the seller afterwards. */
  decideSeller(params: { id: string; decision: SellerDecision; reason: string }): Promise<Seller>;
  /** `POST /api/admin/sellers/:id/legal-change/<decision>`: the waiting change `changeId`. */
  decideLegalChange(params: {
    id: string;
    decision: LegalChangeDecisionKind;
    changeId: string;
    reason: string;
  }): Promise<Seller>;
  /** `POST /api/admin/orders/:id/<action>` with one of the admin reasons: the order afterwards. */
  decideOrder(params: {
    id: string;
    action: AdminOrderAction;
    reason?: AdminReason;
  }): Promise<AdminOrder>;
  /** `POST /api/admin/orders/:id/refund`: the whole order, or one line (`itemId`). */
  refundOrder(params: { id: string; itemId?: string; reason: string }): Promise<AdminOrder>;
  /** `POST /api/admin/orders/:id/refresh`: asks the payment provider again, settles a payment. */
  refreshOrder(params: { id: string }): Promise<AdminOrder>;
  /** `POST /api/admin/claims/:id/decide`: an escalated claim upheld (refund, replace) or rejected. */
  decideClaim(params: { id: string; decision: ClaimDecision; note: string }): Promise<AdminClaim>;
  /** `POST /api/admin/claims/:id/reopen`: a rejected claim back to an admin's decision. */
  reopenClaim(params: { id: string; note: string }): Promise<AdminClaim>;
  /** `POST /api/admin/payouts/run`: a payout run now (PayPal, or transfers to make). */
  runPayouts(params: { method: PayoutMethod }): Promise<{ created: number; ids: string[] }>;
  /** `POST /api/admin/payouts/:id/mark-paid`: a transfer payout paid, with the bank reference. */
  markPayoutPaid(params: { id: string; reference: string }): Promise<Payout>;
  /** `POST /api/admin/products/:id/images`: a picture (base64) stored, resized and added. */
  uploadProductImage(params: { id: string; data: string }): Promise<ProductImage>;
}

const orderPath = (id: string, action: string) => `/orders/${encodeURIComponent(id)}/${action}`;

/** Adds the admin's custom methods, all on the kit's generic `postAction`. */
export function withAdminMethods(base: ConsoleDataProvider): AdminDataProvider {
  return {
    ...base,
    editUser: (params) => base.postAction<UserInfoFull>('/users/edit', params),
    inviteAdmin: (params) => base.postAction<AdminInviteResult>('/users/invite', params),
    anonymiseUser: (userId) =>
      base.postAction<UserInfoFull>(`/users/${encodeURIComponent(userId)}/anonymise`, {}),
    async sendVerify(params) {
      await base.postAction('/users/send-verify', params);
    },
    decideSeller: ({ id, decision, reason }) =>
      base.postAction<Seller>(`/sellers/${encodeURIComponent(id)}/${decision}`, { reason }),
    decideLegalChange: ({ id, decision, changeId, reason }) =>
      base.postAction<Seller>(`/sellers/${encodeURIComponent(id)}/legal-change/${decision}`, {
        changeId,
        reason,
      }),
    decideOrder: ({ id, action, reason }) =>
      base.postAction<AdminOrder>(orderPath(id, action), reason ? { reason } : {}),
    refundOrder: ({ id, itemId, reason }) =>
      base.postAction<AdminOrder>(
        orderPath(id, 'refund'),
        itemId ? { itemId, reason } : { reason },
      ),
    refreshOrder: ({ id }) => base.postAction<AdminOrder>(orderPath(id, 'refresh')),
    decideClaim: ({ id, decision, note }) =>
      base.postAction<AdminClaim>(`/claims/${encodeURIComponent(id)}/decide`, { decision, note }),
    reopenClaim: ({ id, note }) =>
      base.postAction<AdminClaim>(`/claims/${encodeURIComponent(id)}/reopen`, { note }),
    runPayouts: (params) => base.postAction('/payouts/run', params),
    markPayoutPaid: ({ id, reference }) =>
      base.postAction<Payout>(`/payouts/${encodeURIComponent(id)}/mark-paid`, { reference }),
    uploadProductImage: ({ id, data }) =>
      base.postAction<ProductImage>(`/products/${encodeURIComponent(id)}/images`, { data }),
  };
}
