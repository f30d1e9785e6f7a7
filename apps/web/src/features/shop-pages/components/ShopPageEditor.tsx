import '../../../components/form/form.css';
import '../../business/business.css';
import '../shop-pages.css';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SHOP_PAGE_MAX_PRODUCTS, type ShopPage } from '@app/contract/shop-pages';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { ShopPageCallError, useDeleteShopPage, useSaveShopPage, useShopPageSettings, type ShopPageDraft } from '../api.ts';
import { DEFAULT_BRAND, normaliseHex } from '../brand-color.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { ProductPicker } from './ProductPicker.tsx';

export interface ShopPageEditorProps {
  businessId: string;
  businessCode: string;
}

/**
 * The owner's editor of their business's shop page: texts, brand colour, logo and banner with
 * previews, products picked from the catalog; save (create or update) and delete. The page's
 * address is the business's address name, so the link appears once it is saved.
 */
export function ShopPageEditor({ businessId, businessCode }: ShopPageEditorProps) {
  const settings = useShopPageSettings(businessId);

  if (settings.isPending) {
    return (
      <section className="business-card" aria-busy="true" aria-label="Loading your shop page">
        <Skeleton height="1.5rem" width="40%" />
        <Skeleton height="10rem" />
      </section>
    );
  }
  if (settings.isError) {
    return (
      <section className="business-card" aria-labelledby="shop-editor-error">
        <h2 id="shop-editor-error" className="business-card__title">
          Shop page
        </h2>
        <p className="business-alert" role="alert">
          {settings.error.message}
        </p>
        <div>
          <Button variant="secondary" onClick={() => void settings.refetch()} loading={settings.isFetching}>
            Try again
          </Button>
        </div>
      </section>
    );
  }
  // Re-mounted when the saved page changes, so the form starts from what the server holds.
  return <EditorForm key={settings.data?.updatedAt ?? 'new'} businessId={businessId} businessCode={businessCode} page={settings.data} />;
}

function draftOf(page: ShopPage | null): ShopPageDraft {
  return {
    title: page?.title ?? '',
    tagline: page?.tagline ?? '',
    description: page?.description ?? '',
    brandColor: page?.brandColor ?? DEFAULT_BRAND,
    productIds: page?.productIds ?? [],
    logo: null,
    banner: null,
    removeLogo: false,
    removeBanner: false,
  };
}

function EditorForm({ businessId, businessCode, page }: { businessId: string; businessCode: string; page: ShopPage | null }) {
  const [draft, setDraft] = useState<ShopPageDraft>(() => draftOf(page));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveShopPage(businessId, page?.id ?? null);
  const remove = useDeleteShopPage(businessId);
  const toast = useToast();

  const set = <K extends keyof ShopPageDraft>(key: K, value: ShopPageDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  function failed(error: unknown, fallback: string) {
    const failure = error instanceof ShopPageCallError ? error.failure : null;
    const fields: Record<string, string> = {};
    for (const [key, messages] of Object.entries(failure?.fields ?? {})) fields[key.split('.')[0]!] ??= messages[0] ?? '';
    setErrors(fields);
    setProblem(Object.keys(fields).length ? 'Please check the fields marked below.' : (failure?.message ?? fallback));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    const local: Record<string, string> = {};
    if (!draft.title.trim()) local.title = 'Enter your page title';
    const color = normaliseHex(draft.brandColor);
    if (!color) local.brandColor = 'A brand colour is a hex colour such as #1d4ed8';
    if (Object.keys(local).length) {
      setErrors(local);
      setProblem('Please check the fields marked below.');
      return;
    }
    try {
      await save.mutateAsync({ ...draft, brandColor: color! });
      toast.success(page ? 'Shop page saved' : 'Shop page created');
    } catch (error) {
      failed(error, 'Your shop page could not be saved.');
    }
  }

  async function confirmDelete() {
    try {
      await remove.mutateAsync(page!.id);
      setConfirming(false);
      toast.success('Shop page deleted');
    } catch (error) {
      setConfirming(false);
      failed(error, 'Your shop page could not be deleted.');
    }
  }

  const field = (key: 'title' | 'tagline', label: string, max: number, hint?: string) => (
    <div className="field">
      <label htmlFor={`shop-${key}`} className="field__label">
        {label}
        {key === 'title' && ' *'}
      </label>
      <input
        id={`shop-${key}`}
        className="field__input"
        value={draft[key]}
        maxLength={max}
        placeholder={hint}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `shop-${key}-error` : undefined}
        onChange={(event) => set(key, event.target.value)}
      />
      {errors[key] && (
        <p id={`shop-${key}-error`} className="field__error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  const swatch = normaliseHex(draft.brandColor) ?? DEFAULT_BRAND;

  return (
    <form className="business-card shop-editor" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="shop-editor-title">
      <div className="shop-editor__head">
        <div>
          <h2 id="shop-editor-title" className="business-card__title">
            {page ? 'Your shop page' : 'Create your shop page'}
          </h2>
          <p className="business-muted">
            {page ? (
              <>
                Visitors see it at <Link to={`/shop/${page.slug}`}>/shop/{page.slug}</Link>
              </>
            ) : (
              `A public page for business ${businessCode}: your branding and the products you offer.`
            )}
          </p>
        </div>
      </div>
      {problem && (
        <p className="business-alert" role="alert">
          {problem}
        </p>
      )}
      <div className="business-form__grid">
        {field('title', 'Page title', 120, 'e.g. Greenleaf climate shop')}
        {field('tagline', 'Tagline', 200, 'One line under the title')}
      </div>
      <div className="field">
        <label htmlFor="shop-description" className="field__label">
          Description
        </label>
        <textarea id="shop-description" className="field__input" rows={4} maxLength={4000} value={draft.description} aria-invalid={errors.description ? true : undefined} onChange={(event) => set('description', event.target.value)} />
        {errors.description && <p className="field__error">{errors.description}</p>}
      </div>
      <div className="field shop-editor__color">
        <label htmlFor="shop-brand-color" className="field__label">
          Brand colour
        </label>
        <div className="shop-editor__color-row">
          <input type="color" className="shop-editor__swatch" aria-label="Pick the brand colour" value={swatch} onChange={(event) => set('brandColor', event.target.value)} />
          <input
            id="shop-brand-color"
            className="field__input"
            value={draft.brandColor}
            maxLength={7}
            spellCheck={false}
            aria-invalid={errors.brandColor ? true : undefined}
            aria-describedby="shop-brand-color-hint"
            onChange={(event) => set('brandColor', event.target.value)}
          />
        </div>
        <p id="shop-brand-color-hint" className="business-muted">
          A hex colour such as #1d4ed8; the page header uses it.
        </p>
        {errors.brandColor && <p className="field__error">{errors.brandColor}</p>}
      </div>
      <div className="shop-editor__images">
        <ImagePicker
          label="Logo"
          hint="Square, PNG, JPEG or WebP, up to 2 MB."
          shape="square"
          currentUrl={page?.logoUrl ?? ''}
          file={draft.logo}
          removed={draft.removeLogo}
          error={errors.logo}
          onChange={({ file, removed }) => setDraft((current) => ({ ...current, logo: file, removeLogo: removed }))}
        />
        <ImagePicker
          label="Banner"
          hint="Wide (about 10:3), PNG, JPEG or WebP, up to 2 MB."
          shape="wide"
          currentUrl={page?.bannerUrl ?? ''}
          file={draft.banner}
          removed={draft.removeBanner}
          error={errors.banner}
          onChange={({ file, removed }) => setDraft((current) => ({ ...current, banner: file, removeBanner: removed }))}
        />
      </div>
      <ProductPicker selected={draft.productIds} max={SHOP_PAGE_MAX_PRODUCTS} error={errors.productIds} onChange={(ids) => set('productIds', ids)} />
      <div className="business-form__actions">
        <Button type="submit" loading={save.isPending}>
          {page ? 'Save shop page' : 'Create shop page'}
        </Button>
        {page && (
          <>
            <Link className="btn btn--secondary btn--md" to={`/shop/${page.slug}`}>
              View page
            </Link>
            <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
              Delete page
            </Button>
          </>
        )}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(next) => !next && setConfirming(false)}
        title="Delete your shop page?"
        description="Visitors will no longer find it. Your business and its products stay as they are."
        size="sm"
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void confirmDelete()} loading={remove.isPending}>
              Delete page
            </Button>
          </>
        }
      />
    </form>
  );
}
