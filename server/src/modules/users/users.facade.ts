import type { UserRepository } from './users.repository.ts';

/**
 * What other modules ask of users — sellers (an applicant's account) and orders (screening looks
 * at the buyer). They are given this, never the repository, so how users are stored stays this
 * module's business.
 */
export function createUserFacade(repo: UserRepository) {
  return {
    findById: repo.findById,
    insertIfMissing: repo.insertIfMissing,
    update: repo.update,
    revokeSessions: repo.revokeSessions,
  };
}
export type UserFacade = ReturnType<typeof createUserFacade>;
