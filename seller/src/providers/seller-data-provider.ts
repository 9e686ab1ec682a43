import { errorStatus, type ConsoleDataProvider } from '@market/console-kit';
import {
  KeyUploadResultSchema,
  SellerApplicationSchema,
  type KeyUploadResult,
  type SellerApplication,
} from '@market/shared';
import type { Identifier } from 'react-admin';

/** Where an applicant follows their application (outside the seller API: applicants are users). */
export const SELLER_APPLICATION_URL = '/api/user/seller-application';

/** The seller API's data provider plus what an applicant needs. */
export interface SellerDataProvider extends ConsoleDataProvider {
  /** The signed-in account's seller application, or null when it has none (404). */
  getSellerApplication(): Promise<SellerApplication | null>;
  /** Adds key codes (one batch, at most 5000) to an offer: counts only, never the codes. */
  uploadOfferKeys(offerId: Identifier, codes: readonly string[]): Promise<KeyUploadResult>;
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
  };
}
