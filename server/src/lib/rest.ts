import { z } from 'zod';
import type { ExtraError, RouteSpec } from './route.ts';

/** What one call of a resource may add to, or override in, its documentation and checks. */
type Extra = { summary?: string; description?: string; errors?: readonly ExtraError[] } & Pick<
  RouteSpec,
  'recentSignIn'
>;

/**
 * The specs of a ra-data-simple-rest resource's calls (getList, getOne, create, update,
 * delete): the summary from the nouns, the answer from the record's schema.
 *
 * `nouns`: plural, and singular with its article: `['brands', 'a brand']`.
 */
export function rest(nouns: [plural: string, one: string], schema: z.ZodType) {
  const [plural, one] = nouns;
  return {
    list: <F extends z.ZodType | undefined = undefined>(
      /** `sorts`: the only fields the list sorts by; another answers 400 (see `listParams`). */
      o: { filter?: F; summary?: string; description?: string; sorts?: readonly string[] } = {},
    ) => ({
      summary: o.summary ?? `List ${plural}`,
      description: o.description,
      list: { filter: o.filter as F, ...(o.sorts && { sorts: o.sorts }) },
      response: { status: 200 as const, description: 'One page', schema: z.array(schema) },
    }),
    /** `schema`: when one record shows more than a row of the list. */
    getOne: ({ schema: oneSchema = schema, ...o }: Extra & { schema?: z.ZodType } = {}) => ({
      summary: `Get ${one}`,
      ...o,
      response: { status: 200 as const, description: 'The record', schema: oneSchema },
    }),
    create: <B extends z.ZodType>(o: Extra & { body: B }) => ({
      summary: `Create ${one}`,
      ...o,
      response: { status: 201 as const, description: 'The new record', schema },
    }),
    update: <B extends z.ZodType>(o: Extra & { body: B }) => ({
      summary: `Update ${one}`,
      ...o,
      response: { status: 200 as const, description: 'The record as saved', schema },
    }),
    remove: (o: Extra = {}) => ({
      summary: `Delete ${one}`,
      ...o,
      response: { status: 200 as const, description: 'The deleted record', schema },
    }),
  };
}
