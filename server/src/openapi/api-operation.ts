import { z } from 'zod';

/** The groups of the reference page, in the order it shows them. */
export const API_TAGS = {
  catalogue: {
    name: 'Public catalogue',
    description: 'Open to guests: categories, products, prices and offers (spec section 7).',
  },
  analytics: {
    name: 'Analytics',
    description: 'Storefront page views, open to guests and rate-limited per address.',
  },
  session: {
    name: 'Session',
    description:
      'Sign up (buyers, and sellers applying for a shop), trade a Firebase ID token for the `session` cookie, and sign out.',
  },
  system: { name: 'System', description: 'Health, sign-in configuration and the caller.' },
  payments: {
    name: 'Payment webhooks',
    description:
      'Called by PayPal and Checkout.com, not by people: no credential, the provider’s signature over the raw body authenticates each delivery.',
  },
  user: {
    name: 'Signed-in user',
    description:
      'The caller’s own records (any role). Where a call names `userId` it must be the caller’s uid (else 403).',
  },
  seller: {
    name: 'Seller',
    description:
      'For sellers whose shop is approved. Every call sees only the caller’s own records: another seller’s id answers 404.',
  },
  admin: {
    name: 'Admin',
    description:
      'The admin console: users, sellers, the catalogue and its reference data, offers and keys, exchange rates, the audit log and the mail outbox. Admins only.',
  },
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** Who may call an operation: guests, any signed-in user, or one role (admins included for `user`). */
export type ApiAccess = 'public' | 'user' | 'seller' | 'admin';

export type ApiOperation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The full path with OpenAPI parameters: `/api/seller/offers/{id}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  access: ApiAccess;
  /** Path parameters narrower than a string (e.g. an enum); the others are plain strings. */
  params?: z.ZodObject;
  /** The JSON body schema the route validates with. */
  body?: z.ZodType;
  /** The query schema the route validates with. */
  query?: z.ZodObject;
  /** A ra-data-simple-rest list; `filter` is the schema the route checks the `filter` param with. */
  list?: { filter?: z.ZodType };
  response: { status: 200 | 201 | 204; description: string; schema?: z.ZodType };
  /** Error statuses beyond the derived ones (400 for input, 401/403 for access, 404 for `{id}`). */
  errors?: Array<403 | 404 | 409 | 429 | 503>;
};

type Extra = Pick<ApiOperation, 'summary' | 'description' | 'errors'>;
type Write = Partial<Extra> & { body: z.ZodType };

/** A ra-data-simple-rest resource of one console: what each of its calls adds or overrides. */
export type RestResource = {
  /** `/api/admin/brands` */
  path: string;
  tag: ApiTag;
  access: ApiAccess;
  /** The records, plural and singular with its article: `['brands', 'a brand']`. */
  nouns: [plural: string, one: string];
  /** A record as every call answers it. */
  schema: z.ZodType;
  /** The list's `filter` schema; its description says the default order and the sort fields. */
  list: { filter?: z.ZodType; description?: string; summary?: string };
  /** `schema`: when one record shows more than a row of the list. */
  getOne?: Partial<Extra> & { schema?: z.ZodType };
  create?: Write;
  update?: Write;
  remove?: Partial<Extra>;
};

/** The getList / getOne / create / update / delete operations of one console resource. */
export function rest(r: RestResource): ApiOperation[] {
  const [plural, one] = r.nouns;
  const base = { tag: r.tag, access: r.access };
  const item = `${r.path}/{id}`;
  const { schema: oneSchema = r.schema, ...getOne } = r.getOne ?? {};
  const ops: ApiOperation[] = [
    {
      ...base,
      method: 'get',
      path: r.path,
      summary: r.list.summary ?? `List ${plural}`,
      description: r.list.description,
      list: { filter: r.list.filter },
      response: { status: 200, description: 'One page', schema: z.array(r.schema) },
    },
    {
      ...base,
      method: 'get',
      path: item,
      summary: `Get ${one}`,
      ...getOne,
      response: { status: 200, description: 'The record', schema: oneSchema },
    },
  ];
  if (r.create) {
    ops.push({
      ...base,
      method: 'post',
      path: r.path,
      summary: `Create ${one}`,
      ...r.create,
      response: { status: 201, description: 'The new record', schema: r.schema },
    });
  }
  if (r.update) {
    ops.push({
      ...base,
      method: 'put',
      path: item,
      summary: `Update ${one}`,
      ...r.update,
      response: { status: 200, description: 'The record as saved', schema: r.schema },
    });
  }
  if (r.remove) {
    ops.push({
      ...base,
      method: 'delete',
      path: item,
      summary: `Delete ${one}`,
      ...r.remove,
      response: { status: 200, description: 'The deleted record', schema: r.schema },
    });
  }
  return ops;
}
