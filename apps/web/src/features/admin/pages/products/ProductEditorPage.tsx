import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { productCreateBodySchema, type AdminProduct } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminRecord, useAdminWrite } from '../../api/queries.ts';
import { applyServerErrors, useSchemaForm } from '../../components/form.tsx';
import { Badge, ErrorState, LoadingState, PageHeader } from '../../components/States.tsx';
import { ProductForm, type ProductReferences } from './ProductForm.tsx';
import { ImagesCard } from './ImagesCard.tsx';
import { StockCard } from './StockCard.tsx';
import { ArchiveCard } from './ArchiveCard.tsx';
import { emptyProductValues, productToValues, valuesToCreate, valuesToUpdate, type ProductFormOutput } from './product-form-values.ts';
import { dateTime } from '../../components/format.ts';

const BackToProducts = () => (
  <Link className="admin-back" to="/admin/products">
    ← Products
  </Link>
);

function useReferences() {
  return useAdminRecord<ProductReferences>('products', 'products/references');
}

/** A new product: the form, then its photos and stock on the product's own page once it is saved. */
export function NewProductPage() {
  const references = useReferences();
  if (references.isPending) return <LoadingState />;
  if (references.error) return <ErrorState error={references.error} onRetry={() => void references.refetch()} />;
  return <ProductEditor references={references.data} />;
}

/** An existing product: the form, photos, stock with its ledger, and archive. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const references = useReferences();
  const product = useAdminRecord<AdminProduct>('products', `products/${id}`);
  const error = references.error ?? product.error;
  if (error) return <ErrorState error={error} onRetry={() => void Promise.all([references.refetch(), product.refetch()])} />;
  if (!references.data || !product.data) return <LoadingState />;
  return <ProductEditor key={product.data._id} references={references.data} product={product.data} />;
}

function ProductEditor({ references, product }: { references: ProductReferences; product?: AdminProduct }) {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useSchemaForm(productCreateBodySchema, { defaultValues: product ? productToValues(product) : emptyProductValues() });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAdminWrite(
    (values: ProductFormOutput) =>
      product ? admin.patch<{ data: AdminProduct }>(`products/${product._id}`, valuesToUpdate(values)) : admin.post<{ data: AdminProduct }>('products', valuesToCreate(values)),
    ['products', 'stock'],
  );
  // A saved product comes back as the server has it: the form starts again from that.
  useEffect(() => {
    if (product) form.reset(productToValues(product));
  }, [product, form]);

  const submit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        const { data } = await save.mutateAsync(values);
        toast.success(product ? 'Product saved' : 'Product created: add its photos next');
        if (!product) void navigate(`/admin/products/${data._id}`, { replace: true });
      } catch (error) {
        setProblem(applyServerErrors(form, error));
      }
    },
    () => setProblem('Some fields need attention: each says what is wrong.'),
  );

  const title = product ? product.name : 'New product';
  return (
    <>
      <title>{`${title} · Carbonwise Admin`}</title>
      <PageHeader
        back={<BackToProducts />}
        title={
          <>
            {title} {product?.status === 'archived' && <Badge>Archived</Badge>}
          </>
        }
        description={product ? `/${product.slug} · updated ${dateTime(product.updatedAt)}` : 'Fill in what the shop shows. Photos are added once the product is saved.'}
        actions={
          product && (
            <a className="btn btn--secondary btn--sm" href={`/products/${product.slug}`} target="_blank" rel="noreferrer">
              View in shop
            </a>
          )
        }
      />
      <div className={product ? 'admin-columns' : 'admin-single'}>
        <form className="admin-product-form" onSubmit={(event) => void submit(event)} noValidate aria-label={product ? 'Edit product' : 'New product'}>
          <ProductForm form={form} references={references} product={product} />
          <div className="admin-form-actions">
            {problem ? <FormAlert>{problem}</FormAlert> : <span className="admin-form-actions__note">{form.formState.isDirty ? 'Unsaved changes' : product ? 'All changes saved' : ''}</span>}
            {product && (
              <Button variant="secondary" disabled={!form.formState.isDirty || save.isPending} onClick={() => form.reset(productToValues(product))}>
                Discard changes
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {product ? 'Save product' : 'Create product'}
            </Button>
          </div>
        </form>
        {product && (
          <div className="admin-side">
            <ImagesCard product={product} />
            <ArchiveCard product={product} />
          </div>
        )}
      </div>
      {product && <StockCard product={product} />}
    </>
  );
}
