import { CURRENCIES, PRODUCT_TYPES, ProductProposalCreateSchema, REGIONS } from '@market/shared';

export const REGION_CHOICES = REGIONS.map((id) => ({ id, name: id }));
export const TYPE_CHOICES = PRODUCT_TYPES.map((id) => ({
  id,
  name: `resources.product-proposals.types.${id}`,
}));
export const CURRENCY_CHOICES = CURRENCIES.map((id) => ({ id, name: id.toUpperCase() }));

type Values = Record<string, unknown>;

/** The API body from the proposal form; the denomination only for gift cards. */
export function toProposalBody(values: Values): Values {
  const { name, description, categoryId, brand, platform, region, type, note } = values;
  return {
    name,
    description,
    categoryId,
    brand,
    platform,
    region,
    type,
    denomination: type === 'giftcard' ? (values['denomination'] ?? null) : null,
    images: Array.isArray(values['images']) ? values['images'] : [],
    tags: Array.isArray(values['tags']) ? values['tags'] : [],
    note: typeof note === 'string' ? note : '',
  };
}

/** Form-level validation with the shared schema, as nested errors react-hook-form reads. */
export function validateProposal(values: Values): Values {
  const result = ProductProposalCreateSchema.safeParse(toProposalBody(values));
  const errors: Values = {};
  for (const issue of result.error?.issues ?? []) {
    let node = errors;
    issue.path.forEach((key, i) => {
      const name = String(key);
      if (i === issue.path.length - 1) node[name] ??= issue.message;
      else node = (node[name] ??= typeof issue.path[i + 1] === 'number' ? [] : {}) as Values;
    });
  }
  return errors;
}

/** A face value typed in currency units, kept in cents. */
export const centsToUnits = (cents: unknown) =>
  typeof cents === 'number' && Number.isFinite(cents) ? cents / 100 : '';
export const unitsToCents = (value: unknown) => {
  if (value === '' || value === null || value === undefined) return null;
  const units = Number(value);
  return Number.isFinite(units) ? Math.round(units * 100) : null;
};
