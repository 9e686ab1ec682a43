import { randomBytes } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import {
  NO_RATING,
  SELLER_TRANSITIONS,
  type AddSeller,
  type Seller,
  type SellerApplication,
  type SellerDecision,
} from '@market/shared';
import { createPasswordAccount, sendVerificationMail } from '../../identity/accounts.ts';
import type { Mails } from '../mails/mails.ts';
import { sellerStatusMail } from '../mails/templates.ts';
import type { Recaptcha } from '../../integrations/recaptcha/recaptcha.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../identity/auth-user.ts';
import { revokeSessions } from '../../identity/session-revocation.ts';
import type { AuditContext } from '../audit/audit.service.ts';
import type { OfferStanding } from '../offers/offer-standing.ts';
import type { ApiTokenFacade } from '../seller-api/api-tokens.facade.ts';
import type { UserFacade } from '../users/users.facade.ts';
import type { SellerDoc, SellerRepository } from './sellers.repository.ts';
import { toPendingLegalChange } from './shop-profile.ts';

type Deps = {
  sellers: SellerRepository;
  users: UserFacade;
  auth: Auth;
  mails: Mails;
  recaptcha: Recaptcha;
  publicOrigin: string;
  offerStanding: OfferStanding;
  /** Ends the account's API tokens when its shop stops being approved, audited. */
  apiTokens: Pick<ApiTokenFacade, 'revokeAccount'>;
};

/** The reason a shop is suspended with when its account loses the seller role. */
export const ROLE_REMOVED_REASON = 'The account no longer has the seller role';

export function toSeller(doc: SellerDoc): Seller {
  return {
    id: doc._id,
    uid: doc.uid,
    email: doc.email,
    name: doc.name,
    registrationName: doc.registrationName,
    vatNumber: doc.vatNumber,
    image: doc.image,
    status: doc.status,
    statusReason: doc.statusReason,
    createdAt: doc.createdAt.toISOString(),
    decidedAt: doc.decidedAt?.toISOString() ?? null,
    rating: doc.rating ?? NO_RATING,
    ...(doc.defectRate && { defectRate: doc.defectRate }),
    description: doc.description ?? '',
    supportEmail: doc.supportEmail ?? null,
    address: doc.address ?? null,
    pendingLegalChange: doc.pendingLegalChange
      ? toPendingLegalChange(doc.pendingLegalChange)
      : null,
  };
}

const newSellerId = (name: string) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30) || 'seller'
  }-${randomBytes(3).toString('hex')}`;

/** Seller applications and the admin's decisions on them. */
export function createSellerService(deps: Deps) {
  const { sellers, users, auth } = deps;

  /** One mail per decision: its time tells a later decision to the same status apart. */
  const mailDecision = (doc: SellerDoc, to: SellerDoc['status'], reason: string | null) =>
    deps.mails.send(
      { email: doc.email, uid: doc.uid },
      sellerStatusMail,
      {
        shopName: doc.name,
        statusKey: `sellerStatus.${to}`,
        reason,
        link: `${deps.publicOrigin}/seller/`,
      },
      `seller-status:${doc._id}:${to}:${(doc.decidedAt ?? new Date()).toISOString()}`,
    );

  return {
    /**
     * A seller applies: a new password account (or the caller's own, when `id` names it), a
     * pending seller with its trader data, and the verification mail from the provider.
     */
    async apply(
      input: AddSeller,
      caller: AuthUser | undefined,
      remoteIp?: string,
    ): Promise<{ id: string }> {
      const { seller } = input;
      if (!(await deps.recaptcha.verify(input.tokenRecaptcha, remoteIp))) {
        throw new AppError('VALIDATION_FAILED', {
          errors: { tokenRecaptcha: 'The reCAPTCHA check failed. Try again.' },
        });
      }
      if (input.id && caller?.uid !== input.id) throw new AppError('FORBIDDEN');
      if (caller?.sellerId) {
        throw new AppError('CONFLICT', { message: 'This account already has a seller profile' });
      }
      const uid =
        input.id ??
        (await createPasswordAccount(
          auth,
          { email: seller.email, password: seller.password, displayName: seller.name },
          { email: 'seller.email', password: 'seller.password' },
        ));
      const sellerId = newSellerId(seller.name);
      const now = new Date();
      await sellers.insert({
        _id: sellerId,
        uid,
        email: seller.email.toLowerCase(),
        name: seller.name,
        registrationName: seller.registrationName,
        vatNumber: seller.vatNumber,
        image: seller.image,
        status: 'pending',
        statusReason: null,
        createdAt: now,
        decidedAt: null,
      });
      await auth.setCustomUserClaims(uid, { role: caller?.role ?? 'user', sellerId });
      const created = await users.insertIfMissing({
        _id: uid,
        email: seller.email.toLowerCase(),
        name: seller.name,
        surname: '',
        image: seller.image,
        role: 'user',
        sellerId,
        blocked: false,
        emailVerified: false,
        locale: 'en',
        loginMethod: 'password',
        marketingConsent: false,
        referrer: null,
        createdAt: now,
        lastSignInAt: null,
      });
      if (!created) await users.update(uid, { sellerId });
      if (!input.id)
        await sendVerificationMail(deps, {
          email: seller.email,
          name: seller.name,
          locale: 'en',
          continuePath: '/seller/',
        });
      return { id: sellerId };
    },

    async get(id: string): Promise<Seller> {
      const doc = await sellers.findById(id);
      if (!doc) throw new AppError('NOT_FOUND', { message: 'No such seller' });
      return toSeller(doc);
    },

    /**
     * Approve, reject or suspend; the account's role claim follows the seller's status, and a
     * shop no longer approved ends the account's sessions and API tokens (audited under `ctx`).
     */
    async decide(
      id: string,
      decision: SellerDecision,
      reason: string,
      ctx: AuditContext,
    ): Promise<Seller> {
      const { from, to } = SELLER_TRANSITIONS[decision];
      const current = await sellers.findById(id);
      if (!current) throw new AppError('NOT_FOUND', { message: 'No such seller' });
      if (current.status === to) {
        // Deciding again changes nothing but re-applies the decision to the offers (and ends
        // the tokens), which repairs a decision a crash left half-applied.
        await deps.offerStanding.sync(current._id, to === 'approved');
        if (to !== 'approved' && current.uid) {
          await deps.apiTokens.revokeAccount(ctx, current.uid, 'suspension');
        }
        return toSeller(current);
      }
      const doc = await sellers.transition(id, [...from], to, reason || null);
      if (!doc) {
        throw new AppError('CONFLICT', {
          message: `A ${current.status} seller cannot be given "${decision}"`,
        });
      }
      // Before anything slower: the offers go off sale (or back) with the decision.
      await deps.offerStanding.sync(doc._id, to === 'approved');
      if (doc.uid) {
        const role = to === 'approved' ? 'seller' : 'user';
        await auth.setCustomUserClaims(doc.uid, { role, sellerId: doc._id });
        await users.update(doc.uid, { role, sellerId: doc._id });
        // Sessions and API tokens minted with the old role end now; the seller signs in again.
        if (to !== 'approved') {
          await revokeSessions(auth, users, doc.uid);
          await deps.apiTokens.revokeAccount(ctx, doc.uid, 'suspension');
        }
      }
      await mailDecision(doc, to, reason || null);
      return toSeller(doc);
    },

    /**
     * The account `uid` lost the seller role (an admin's role change): its shop, if approved, is
     * suspended and its offers go off sale; the role stays the one the admin gave (the users
     * module sets it, and ends the sessions and tokens). Answers whether it suspended the shop.
     * Repeating it repairs offers a crash left on sale.
     */
    async suspendOnRoleLoss(sellerId: string, uid: string): Promise<boolean> {
      const current = await sellers.findById(sellerId);
      if (!current || current.uid !== uid) return false;
      const doc =
        current.status === 'approved'
          ? await sellers.transition(sellerId, ['approved'], 'suspended', ROLE_REMOVED_REASON)
          : null;
      if (doc || current.status === 'suspended') await deps.offerStanding.sync(sellerId, false);
      if (doc) await mailDecision(doc, 'suspended', ROLE_REMOVED_REASON);
      return doc !== null;
    },

    async application(caller: AuthUser): Promise<SellerApplication> {
      const doc = caller.sellerId ? await sellers.findById(caller.sellerId) : null;
      if (!doc || doc.uid !== caller.uid) {
        throw new AppError('NOT_FOUND', { message: 'No seller application' });
      }
      const { id, name, status, statusReason, createdAt } = toSeller(doc);
      return { id, name, status, statusReason, createdAt };
    },
  };
}
export type SellerService = ReturnType<typeof createSellerService>;
