import type { ConsoleDataProvider } from '@market/console-kit';
import type { Seller, SellerDecision, UserInfoFull } from '@market/shared';
import type { GetManyParams, GetManyResult, RaRecord } from 'react-admin';

/** The admin API's data provider: simple-rest resources plus the admin's actions. */
export interface AdminDataProvider extends ConsoleDataProvider {
  /** `POST /api/admin/users/edit`: blocks (signing the user out everywhere) or unblocks. */
  editUser(params: { userId: string; blocked: boolean }): Promise<UserInfoFull>;
  /** `POST /api/admin/users/send-verify`: sends the verification mail again. */
  sendVerify(params: { email: string; name: string }): Promise<void>;
  /** `POST /api/admin/sellers/:id/<decision>` with an optional reason: the seller afterwards. */
  decideSeller(params: { id: string; decision: SellerDecision; reason: string }): Promise<Seller>;
}

/**
 * Resources whose lists do not filter by id: references to them (a seller's account, a user's
 * shop) are read one `GET /:id` at a time instead of simple-rest's `?filter={"id":[…]}`.
 */
const READ_ONE_BY_ONE: ReadonlySet<string> = new Set(['users', 'sellers']);

/** Adds the admin's custom methods, all on the kit's generic `postAction`. */
export function withAdminMethods(base: ConsoleDataProvider): AdminDataProvider {
  return {
    ...base,
    async getMany<RecordType extends RaRecord>(
      resource: string,
      params: GetManyParams<RecordType>,
    ): Promise<GetManyResult<RecordType>> {
      if (!READ_ONE_BY_ONE.has(resource)) return base.getMany<RecordType>(resource, params);
      const answers = await Promise.all(
        params.ids.map((id) => base.getOne<RecordType>(resource, { id, signal: params.signal })),
      );
      return { data: answers.map(({ data }) => data) };
    },
    editUser: (params) => base.postAction<UserInfoFull>('/users/edit', params),
    async sendVerify(params) {
      await base.postAction('/users/send-verify', params);
    },
    decideSeller: ({ id, decision, reason }) =>
      base.postAction<Seller>(`/sellers/${encodeURIComponent(id)}/${decision}`, { reason }),
  };
}
