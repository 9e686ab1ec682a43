import { describe, expect, it } from 'vitest';
import { DEFAULT_MACROCATEGORIES } from './macrocategories.repository.ts';
import { localizedByName } from './macrocategories.service.ts';

describe('localizedByName', () => {
  it('names and sorts in the locale, ignoring case', () => {
    const docs = [
      { _id: 'b', name: { en: 'beta', it: 'Zeta' } },
      { _id: 'a', name: { en: 'Alpha', it: 'eta' } },
    ];
    expect(localizedByName(docs, 'en')).toEqual([
      { id: 'a', name: 'Alpha' },
      { id: 'b', name: 'beta' },
    ]);
    expect(localizedByName(docs, 'it').map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('orders the defaults differently per locale', () => {
    const en = localizedByName(DEFAULT_MACROCATEGORIES, 'en').map((m) => m.id);
    const it = localizedByName(DEFAULT_MACROCATEGORIES, 'it').map((m) => m.id);
    expect(en.slice(0, 2)).toEqual(['action', 'adventure']);
    expect(it.slice(0, 2)).toEqual(['adventure', 'action']);
  });
});
