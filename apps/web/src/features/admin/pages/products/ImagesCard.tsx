import { useRef, useState } from 'react';
import type { AdminProduct } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminWrite } from '../../api/queries.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { ImageAlt } from './ImageAlt.tsx';
import { moveItem } from './image-order.ts';

/** Accepted photo types and size, as the upload route checks them. */
const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * The product's photos in the order the shop shows them (the first is the main one): upload
 * several at once, drag one to its place (or move it with the arrow buttons, from the keyboard),
 * describe each for people who cannot see it, remove one (after a question).
 */
export function ImagesCard({ product }: { product: AdminProduct }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const images = product.images;
  const upload = useAdminWrite(async (files: File[]) => {
    for (const file of files) {
      const body = new FormData();
      body.append('file', file);
      await admin.post(`products/${product._id}/images`, body);
    }
  }, ['products']);
  const reorder = useAdminWrite((ids: string[]) => admin.put(`products/${product._id}/images`, { images: ids.map((_id) => ({ _id })) }), ['products']);
  const describe = useAdminWrite(({ imageId, alt }: { imageId: string; alt: string }) => admin.put(`products/${product._id}/images`, { images: images.map((image) => (image._id === imageId ? { _id: image._id, alt } : { _id: image._id })) }), ['products']);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const remove = useAdminWrite((imageId: string) => admin.delete(`products/${product._id}/images/${imageId}`), ['products']);

  const choose = async (list: FileList | null) => {
    setProblem(null);
    const files = [...(list ?? [])];
    const tooBig = files.find((file) => file.size > MAX_BYTES);
    if (tooBig) return setProblem(`${tooBig.name} is larger than 2 MB.`);
    try {
      await upload.mutateAsync(files);
      toast.success(files.length === 1 ? 'Photo added' : `${files.length} photos added`);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The photo could not be uploaded.');
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const place = (from: number, to: number) => {
    if (from === to) return;
    setProblem(null);
    reorder.mutate(moveItem(images.map((image) => image._id), from, to), {
      onSuccess: () => toast.success(to === 0 ? 'Main photo changed' : 'Photos reordered'),
      onError: (error) => setProblem(error.message),
    });
  };
  const move = (index: number, by: -1 | 1) => place(index, index + by);
  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };

  return (
    <section className="admin-card" aria-labelledby="product-images">
      <div className="admin-card__header">
        <h2 id="product-images" className="admin-card__title">
          Photos
        </h2>
        <Button size="sm" variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
          Upload
        </Button>
        <input ref={input} type="file" accept={ACCEPT} multiple hidden aria-label="Upload photos" data-testid="image-upload" onChange={(event) => void choose(event.target.files)} />
      </div>
      {images.length === 0 ? (
        <p className="admin-muted admin-small">No photos yet. JPEG, PNG or WebP, up to 2 MB each; the first one is the product's main photo.</p>
      ) : (
        <>
        <p className="admin-muted admin-small">Drag a photo to its place, or use its arrows; the first is the main photo. Describe each photo for people who cannot see it.</p>
        <ol className="admin-images" aria-busy={reorder.isPending || remove.isPending || describe.isPending || undefined}>
          {images.map((image, index) => (
            <li
              key={image._id}
              className={`admin-image${dragged === index ? ' admin-image--dragged' : ''}${over === index && dragged !== null && dragged !== index ? ' admin-image--target' : ''}`}
              data-testid="admin-image"
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) place(dragged, index);
                endDrag();
              }}
            >
              <img
                src={image.url}
                alt={image.alt || `Photo ${index + 1} of ${product.name}`}
                draggable={!reorder.isPending}
                className="admin-image__handle"
                title="Drag to reorder"
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', image._id);
                  setDragged(index);
                }}
                onDragEnd={endDrag}
              />
              <span className="admin-image__position">{index === 0 ? 'Main' : index + 1}</span>
              <div className="admin-image__actions">
                <Button size="sm" variant="ghost" aria-label={`Move photo ${index + 1} earlier`} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                  ↑
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Move photo ${index + 1} later`} disabled={index === images.length - 1 || reorder.isPending} onClick={() => move(index, 1)}>
                  ↓
                </Button>
                <ConfirmAction
                  label="Remove"
                  danger
                  title="Remove this photo?"
                  description="The shop stops showing it at once. A colour that showed it falls back to the product's main photo."
                  confirmLabel="Remove photo"
                  buttonProps={{ variant: 'ghost', 'aria-label': `Remove photo ${index + 1}` }}
                  onConfirm={() => remove.mutateAsync(image._id)}
                />
              </div>
              <ImageAlt imageId={image._id} alt={image.alt} index={index} saving={describe.isPending} onSave={async (alt) => {
                await describe.mutateAsync({ imageId: image._id, alt });
                toast.success('Photo description saved');
              }} />
            </li>
          ))}
        </ol>
        </>
      )}
      {problem && <FormAlert>{problem}</FormAlert>}
    </section>
  );
}
