import { schemaValidator } from '@market/console-kit';
import {
  CATEGORY_IDS,
  CURRENCIES,
  IMAGE_SHAPES,
  IMAGE_SIZES,
  PRODUCT_TYPES,
  ProductCreateSchema,
  REGIONS,
  type ProductCreate,
} from '@market/shared';

/** Choices of the product enumerations, labelled by translation keys. */
const choices = (values: readonly string[], prefix: string) =>
  values.map((id) => ({ id, name: `${prefix}.${id}` }));

export const CATEGORY_CHOICES = choices(CATEGORY_IDS, 'resources.products.categories');
export const REGION_CHOICES = REGIONS.map((id) => ({ id, name: id }));
export const TYPE_CHOICES = choices(PRODUCT_TYPES, 'resources.products.types');
export const CURRENCY_CHOICES = CURRENCIES.map((id) => ({ id, name: id.toUpperCase() }));
export const SHAPE_CHOICES = choices(IMAGE_SHAPES, 'resources.products.shapes');
export const SIZE_CHOICES = choices(IMAGE_SIZES, 'resources.products.sizes');

/** A form's values or a whole record (react-admin sends every field back). */
type ProductFormValues = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const localized = (value: unknown) => {
  const v = (value ?? {}) as Record<string, unknown>;
  return { en: text(v['en']), it: text(v['it']) };
};

/**
 * The API body from the product form: only the fields an admin edits; the denomination only
 * for gift cards (switching a gift card to another type drops it), an empty slug left to the server.
 */
export function toProductBody(values: ProductFormValues): Record<string, unknown> {
  const slug = text(values['slug']).trim();
  return {
    name: localized(values['name']),
    description: localized(values['description']),
    ...(slug && { slug }),
    categoryId: values['categoryId'],
    brand: text(values['brand']),
    platform: values['platform'],
    region: values['region'],
    type: values['type'],
    denomination: values['type'] === 'giftcard' ? (values['denomination'] ?? null) : null,
    images: Array.isArray(values['images']) ? values['images'] : [],
    tags: Array.isArray(values['tags']) ? values['tags'] : [],
  };
}

const validateBody = schemaValidator(ProductCreateSchema);

/** Form-level validation with the shared schema: the errors the server would answer, per field. */
export const validateProduct = (values: ProductFormValues) => validateBody(toProductBody(values));

export type { ProductCreate };
