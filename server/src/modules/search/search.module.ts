import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { CatalogueIndexSync } from './search-sync.ts';
import { publicSuggestRoutes } from './search.routes.ts';
import type { SearchService } from './search.service.ts';
import { synonymIndexes, type SynonymRepository } from './synonyms.repository.ts';
import { adminSynonymRoutes } from './synonyms.routes.ts';
import type { SynonymService } from './synonyms.service.ts';

/**
 * Search brings the header's suggestions, the admin's synonyms and the index's change listener:
 * every product write heard on the bus (any instance's) is read again into the in-memory index.
 */
export const searchModule = (given: {
  search: SearchService;
  sync: Pick<CatalogueIndexSync, 'heard'>;
  synonyms: SynonymRepository;
  synonymService: SynonymService;
}): ModuleDeclaration => ({
  name: 'search',
  indexes: { search_synonyms: synonymIndexes },
  routes: () => [
    publicSuggestRoutes(given.search),
    adminSynonymRoutes(given.synonyms, given.synonymService),
  ],
  changeListeners: [{ name: 'search index', heard: given.sync.heard }],
});
