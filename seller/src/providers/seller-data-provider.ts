import { errorStatus, type ConsoleDataProvider } from '@market/console-kit';
import {
  ClaimSchema,
  KeyUploadResultSchema,
  OfferRestockResultSchema,
  ProductProposalSchema,
  SellerApplicationSchema,
  SellerBalanceSchema,
  SellerSupplierConnectionSchema,
  WebhookDeliverySchema,
  type Claim,
  type KeyUploadResult,
  type OfferRestockResult,
  type ProductProposal,
  type SellerApplication,
  type SellerBalance,
  type SellerSupplierConnection,
  type SupplierProductPropose,
  type WebhookDelivery,
} from '@market/shared';
import type { Identifier } from 'react-admin';

/** Where an applicant follows their application (outside the seller API: applicants are users). */
export const SELLER_APPLICATION_URL = '/api/user/seller-application';

/** What the marketplace owes the signed-in seller. */
export const SELLER_BALANCE_URL = '/api/seller/balance';

/** A seller's answer to a defective-key claim. */
export type ClaimAnswer = 'replace' | 'refund' | 'escalate';

/** The seller API's data provider plus what an applicant needs. */
export interface SellerDataProvider extends ConsoleDataProvider {
  /** The signed-in account's seller application, or null when it has none (404). */
  getSellerApplication(): Promise<SellerApplication | null>;
  /** Adds key codes (one batch, at most 5000) to an offer: counts only, never the codes. */
  uploadOfferKeys(offerId: Identifier, codes: readonly string[]): Promise<KeyUploadResult>;
  /** The seller's money per currency: pending (holdback), available and paid, in cents. */
  getBalance(): Promise<SellerBalance>;
  /** The statement of the days `from`–`to` (YYYY-MM-DD, both included) as CSV text. */
  getStatement(from: string, to: string): Promise<string>;
  /** Buys `quantity` keys from the supplier of a stocked offer (or finishes its open batch). */
  restockOffer(offerId: Identifier, quantity: number): Promise<OfferRestockResult>;
  /** Asks the supplier for the connection's balance; the connection with the outcome recorded. */
  testSupplierConnection(id: Identifier): Promise<SellerSupplierConnection>;
  /** Proposes a new marketplace product made from a supplier product. */
  proposeSupplierProduct(id: Identifier, body: SupplierProductPropose): Promise<ProductProposal>;
  /** Answers a claim: a replacement key, a refund of its line, or an admin's decision asked. */
  answerClaim(id: Identifier, answer: ClaimAnswer, note: string): Promise<Claim>;
  /** Queues a webhook delivery again (same event id); the delivery, pending. */
  resendWebhookDelivery(id: Identifier): Promise<WebhookDelivery>;
}

/** Adds the seller console's custom methods, on the kit's generic `getJson` and `postAction`. */
export function withSellerMethods(base: ConsoleDataProvider): SellerDataProvider {
  return {
    ...base,
    async getSellerApplication() {
      try {
        return SellerApplicationSchema.parse(await base.getJson(SELLER_APPLICATION_URL));
      } catch (error) {
        if (errorStatus(error) === 404) return null;
        throw error;
      }
    },
    async uploadOfferKeys(offerId, codes) {
      const path = `/offers/${encodeURIComponent(String(offerId))}/keys`;
      return KeyUploadResultSchema.parse(await base.postAction(path, { codes }));
    },
    async getBalance() {
      return SellerBalanceSchema.parse(await base.getJson(SELLER_BALANCE_URL));
    },
    getStatement: (from, to) =>
      base.getText(
        `/payouts/statement?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      ),
    async restockOffer(offerId, quantity) {
      const path = `/offers/${encodeURIComponent(String(offerId))}/restock`;
      return OfferRestockResultSchema.parse(await base.postAction(path, { quantity }));
    },
    async testSupplierConnection(id) {
      const path = `/supplier-connections/${encodeURIComponent(String(id))}/test`;
      return SellerSupplierConnectionSchema.parse(await base.postAction(path));
    },
    async proposeSupplierProduct(id, body) {
      const path = `/supplier-products/${encodeURIComponent(String(id))}/propose`;
      return ProductProposalSchema.parse(await base.postAction(path, body));
    },
    async answerClaim(id, answer, note) {
      const path = `/claims/${encodeURIComponent(String(id))}/${answer}`;
      return ClaimSchema.parse(await base.postAction(path, { note }));
    },
    async resendWebhookDelivery(id) {
      const path = `/webhook-deliveries/${encodeURIComponent(String(id))}/resend`;
      return WebhookDeliverySchema.parse(await base.postAction(path));
    },
  };
}
