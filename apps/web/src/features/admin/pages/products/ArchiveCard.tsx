import { useNavigate } from 'react-router';
import type { AdminProduct } from '@app/contract/admin';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminWrite } from '../../api/queries.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { shortDate } from '../../components/format.ts';

/**
 * Taking a product out of the shop. Archiving hides it from the catalogue, search and carts but
 * keeps it on orders, certificates and reviews; it can be restored. A product never ordered can
 * also be deleted for good.
 */
export function ArchiveCard({ product }: { product: AdminProduct }) {
  const toast = useToast();
  const navigate = useNavigate();
  const archive = useAdminWrite(() => admin.post(`products/${product._id}/archive`), ['products']);
  const restore = useAdminWrite(() => admin.post(`products/${product._id}/restore`), ['products']);
  const remove = useAdminWrite(() => admin.delete(`products/${product._id}`), ['products']);
  const archived = product.status === 'archived';
  return (
    <section className="admin-card" aria-labelledby="product-availability">
      <h2 id="product-availability" className="admin-card__title">
        In the shop
      </h2>
      <p className="admin-small admin-muted">
        {archived
          ? `Archived on ${shortDate(product.archivedAt)}: not in the catalogue, still on its orders, certificates and reviews.`
          : `Listed in the shop. ${product.reviewCount} review${product.reviewCount === 1 ? '' : 's'}${product.averageRating ? `, average ${product.averageRating.toFixed(1)} of 5` : ''}.`}
      </p>
      <div className="admin-auth__actions">
        {archived ? (
          <ConfirmAction
            label="Restore to the shop"
            title={`Restore ${product.name}?`}
            description="It is listed in the catalogue again, with its current prices and stock."
            confirmLabel="Restore"
            onConfirm={async () => {
              await restore.mutateAsync(undefined);
              toast.success('Product restored');
            }}
          />
        ) : (
          <ConfirmAction
            label="Archive"
            danger
            title={`Archive ${product.name}?`}
            description="It leaves the catalogue, search and every cart at once. Orders, certificates and reviews keep it. You can restore it later."
            confirmLabel="Archive product"
            onConfirm={async () => {
              await archive.mutateAsync(undefined);
              toast.success('Product archived');
            }}
          />
        )}
        {!product.everOrdered && (
          <ConfirmAction
            label="Delete"
            danger
            title={`Delete ${product.name} for good?`}
            description="It has never been ordered, so it can be deleted with its photos and stock history. This cannot be undone."
            confirmLabel="Delete product"
            onConfirm={async () => {
              await remove.mutateAsync(undefined);
              toast.success('Product deleted');
              void navigate('/admin/products', { replace: true });
            }}
          />
        )}
      </div>
    </section>
  );
}
