/**
 * Lengths the API enforces and the consoles' and storefront's forms repeat, so a form refuses
 * what the API would before it sends it. Change one here and both ends follow.
 */

/** An admin's (or seller's) free-text reason: refunds, blocklist entries, seller decisions, proposal rejections. */
export const REASON_MAX_LENGTH = 500;
/** Where a reason is required for the record (refunds, key reveals and revocations). */
export const REASON_MIN_LENGTH = 3;
/** A key reveal's or revocation's reason (kept with every audit entry of a key). */
export const KEY_REASON_MAX_LENGTH = 200;

/** A person's name and surname, and a seller's shop name. */
export const NAME_MAX_LENGTH = 80;
/** A seller's registered company name. */
export const REGISTRATION_NAME_MAX_LENGTH = 160;

/** The identity provider's minimum password length. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** RFC 5321's longest forward path. */
export const EMAIL_MAX_LENGTH = 254;

/** A coupon code as a buyer types it (a stored code is shorter: `CouponCodeSchema`). */
export const COUPON_CODE_INPUT_MAX_LENGTH = 64;
