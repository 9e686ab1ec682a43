import { schemaValidator } from '@market/console-kit';
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

const validateBody = schemaValidator(ProductProposalCreateSchema);

/** Form-level validation with the shared schema, as nested errors react-hook-form reads. */
export const validateProposal = (values: Values) => validateBody(toProposalBody(values));
