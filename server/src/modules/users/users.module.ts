import type { ModuleDeclaration } from '../../runtime/module.ts';

/** Users bring the erasure job: account erasures a crash left half-done are finished. */
export const usersModule = (given: {
  erasure: { resumeUnfinished(): Promise<unknown> };
}): ModuleDeclaration => ({
  name: 'users',
  jobs: [
    {
      name: 'account-erasures',
      everyMs: 5 * 60_000,
      run: () => given.erasure.resumeUnfinished(),
    },
  ],
});
