import type { AccountExport } from '@market/shared';

/**
 * What the other modules keep about a person, as the container hands it to this module (their
 * own `personal-data.ts` files): read for the data export, erased with the account.
 */
export type PersonalData = {
  orders: {
    exportOf(userId: string): Promise<AccountExport['orders']>;
    /** Orders awaiting payment or a decision: the account cannot go while they run. */
    openCount(userId: string): Promise<number>;
    erase(userId: string, standIn: StandIn): Promise<void>;
  };
  favorites: {
    exportOf(userId: string): Promise<AccountExport['favorites']>;
    erase(userId: string): Promise<void>;
  };
  reviews: {
    exportOf(userId: string): Promise<AccountExport['reviews']>;
    erase(userId: string, standIn: StandIn): Promise<void>;
  };
  claims: {
    exportOf(userId: string): Promise<AccountExport['claims']>;
    erase(userId: string, standIn: StandIn): Promise<void>;
  };
  /** The server cart. */
  cart: { erase(userId: string): Promise<unknown> };
  /** The mails sent to the address: kept counted, addressed to the stand-in, bodies gone. */
  outbox: { erase(email: string, standIn: StandIn): Promise<unknown> };
};

/** Who an erased account becomes wherever a record of it must stay. */
export type StandIn = { email: string; name: string };

/**
 * `.invalid` is reserved (RFC 2606): no mail can reach it. The uid, in hex (emails are kept in
 * lower case and uids are not), keeps it unique.
 */
export const standInFor = (uid: string): StandIn => ({
  email: `deleted-${Buffer.from(uid).toString('hex')}@anonymised.invalid`,
  name: 'Deleted user',
});
