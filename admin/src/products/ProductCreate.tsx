import { Create } from 'react-admin';
import { toProductBody } from './product-form.ts';
import { ProductForm } from './ProductForm.tsx';

const DEFAULTS = {
  name: { en: '', it: '' },
  description: { en: '', it: '' },
  region: 'Global',
  type: 'key',
  images: [],
  tags: [],
};

/** A new product: the server derives the slug when left empty; then its page opens. */
export function ProductCreate() {
  return (
    <Create transform={toProductBody} redirect="show">
      <ProductForm defaultValues={DEFAULTS} />
    </Create>
  );
}
