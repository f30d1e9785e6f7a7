/** Spec §2.6: a short description is shown as bullet points, one per sentence (split on full stops). */
export function shortDescriptionBullets(shortDescription: string | null | undefined): string[] {
  if (!shortDescription) return [];
  return shortDescription
    .split('.')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Spec §2.6 and §5: a product can be added to the cart only while actualStock is above 0. */
export function isInStock(actualStock: number | null | undefined): boolean {
  return typeof actualStock === 'number' && actualStock > 0;
}
