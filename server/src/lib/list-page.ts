import type { ListQuery } from './list-query.ts';

/**
 * A short list held whole in memory (four suppliers, two rates, a few instances) answered as
 * ra-data-simple-rest expects of any list: only the ids of an `id` filter (react-admin's
 * `getMany`), sorted by the field asked (in the given order when none), then paged. Without this a short list
 * answered getMany with every row, and reference fields showed the wrong names.
 */
export function pageInMemory<T extends { id: string }>(
  rows: T[],
  q: Pick<ListQuery, 'sort' | 'skip' | 'limit'>,
  ids?: string | string[],
): { rows: T[]; total: number } {
  const wanted = ids === undefined ? null : new Set([ids].flat());
  const kept = wanted ? rows.filter((r) => wanted.has(r.id)) : rows;
  if (!q.sort) return { rows: kept.slice(q.skip, q.skip + q.limit), total: kept.length };
  const field = q.sort.field as keyof T;
  const order = q.sort.order;
  const sorted = [...kept].sort((a, b) => {
    const x = a[field] ?? '';
    const y = b[field] ?? '';
    return (x < y ? -1 : x > y ? 1 : 0) * order;
  });
  return { rows: sorted.slice(q.skip, q.skip + q.limit), total: kept.length };
}
