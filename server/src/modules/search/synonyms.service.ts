import type { SearchSynonymWrite } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { foldWords } from './fold.ts';
import type { SynonymGroups } from './query-plan.ts';
import type { SynonymDoc, SynonymRepository } from './synonyms.repository.ts';

/**
 * How long another instance's edit may take to reach this one's searches: the list is read at
 * query time from memory, re-read after this long (and at once after this instance's own edits).
 */
const FRESH_MS = 5_000;

/** The admins' synonyms, and the folded groups searches apply. */
export function createSynonymService(repo: SynonymRepository) {
  let cached: { groups: SynonymGroups; at: number } | null = null;
  let loading: Promise<SynonymGroups> | null = null;
  /** Moves whenever the groups may have changed: answers kept in memory are keyed on it. */
  let generation = 0;
  const edited = () => {
    cached = null;
    generation++;
  };

  const toGroups = (docs: SynonymDoc[]): SynonymGroups =>
    docs
      .map((d) => [d.term, ...d.synonyms].map(foldWords).filter((words) => words.length > 0))
      .filter((group) => group.length > 1);

  const clean = (input: SearchSynonymWrite) => ({
    term: input.term.trim(),
    synonyms: [...new Set(input.synonyms.map((s) => s.trim()))].filter(
      (s) => s.toLowerCase() !== input.term.trim().toLowerCase(),
    ),
    updatedAt: new Date(),
  });

  const requireSome = (doc: { synonyms: string[] }) => {
    if (!doc.synonyms.length) {
      throw new AppError('VALIDATION_FAILED', {
        errors: { synonyms: 'Name at least one phrase other than the term' },
      });
    }
  };

  return {
    /** The groups, from memory when fresh enough (a failed read keeps the last ones). */
    async groups(): Promise<SynonymGroups> {
      if (cached && Date.now() - cached.at < FRESH_MS) return cached.groups;
      loading ??= repo
        .list()
        .then((docs) => {
          const fresh = toGroups(docs);
          // The same groups keep the same array: answers kept in memory are keyed on it, so a
          // re-read that found no edit keeps them.
          const same = cached && JSON.stringify(cached.groups) === JSON.stringify(fresh);
          if (!same) generation++;
          cached = { groups: same && cached ? cached.groups : fresh, at: Date.now() };
          return cached.groups;
        })
        .catch((err: unknown) => {
          if (cached) return cached.groups;
          throw err;
        })
        .finally(() => {
          loading = null;
        });
      return loading;
    },

    /**
     * The groups' generation, and a re-read started when they are older than `FRESH_MS` (another
     * instance's edit): a kept answer keyed on it outlives an edit by that long at most.
     */
    generation(): number {
      if (!cached || Date.now() - cached.at >= FRESH_MS) {
        // Nobody waits for it: the next asker sees the new generation. A failed read keeps the
        // last groups and is tried again by the next call.
        void this.groups().catch(() => undefined);
      }
      return generation;
    },

    async create(input: SearchSynonymWrite): Promise<SynonymDoc> {
      const doc = clean(input);
      requireSome(doc);
      const saved = await repo.insert(doc);
      edited();
      return saved;
    },

    async update(id: string, input: SearchSynonymWrite): Promise<SynonymDoc> {
      const doc = clean(input);
      requireSome(doc);
      const saved = await repo.update(id, doc);
      if (!saved) throw new AppError('NOT_FOUND');
      edited();
      return saved;
    },

    async remove(id: string): Promise<SynonymDoc> {
      const doc = await repo.remove(id);
      if (!doc) throw new AppError('NOT_FOUND');
      edited();
      return doc;
    },
  };
}
export type SynonymService = ReturnType<typeof createSynonymService>;
