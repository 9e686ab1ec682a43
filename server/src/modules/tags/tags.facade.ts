import type { TagRepository } from './tags.repository.ts';

/**
 * What other modules ask of tags — the public state. They are given this, never the repository,
 * so how tags are stored stays this module's business.
 */
export function createTagFacade(repo: TagRepository) {
  return {
    findByIds: repo.findByIds,
  };
}
export type TagFacade = ReturnType<typeof createTagFacade>;
