import { Edit } from 'react-admin';
import { toProductBody } from './product-form.ts';
import { ProductForm } from './ProductForm.tsx';
import { ProductTitle } from './ProductTitle.tsx';

/** Edits a product; a changed slug moves its storefront page (the old one redirects). */
export function ProductEdit({ id }: { id?: string }) {
  return (
    <Edit
      id={id}
      transform={toProductBody}
      title={<ProductTitle />}
      mutationMode="pessimistic"
      redirect="show"
    >
      <ProductForm />
    </Edit>
  );
}
