import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@app/contract/cart-rules';

/**
 * A guest's cart, kept in the browser (localStorage) until they sign in; then it is merged into
 * the account's cart with `itemsPreLogin` (cart-sync.ts) and emptied. It holds ids and quantities
 * only: prices always come from the server or the catalog, never from here. It survives the
 * storage clearing of login and register (sign-in.ts keeps it), so the merge still finds it.
 */
export const GUEST_CART_STORAGE_KEY = 'guestCart';

export interface GuestCartLine {
  product: string;
  quantity: number;
  color?: string;
  size?: string;
}


const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

interface StoredGuestCart {
  /** Random id of this browser cart: the server merges one id only once (mergeId). */
  id: string;
  lines: GuestCartLine[];
}

function newCartId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function isLine(line: unknown): line is GuestCartLine {
  if (!line || typeof line !== 'object') return false;
  const { product, quantity, color, size } = line as Record<string, unknown>;
  return isId(product) && Number.isInteger(quantity) && (quantity as number) > 0 && (quantity as number) <= CART_MAX_QUANTITY && (color === undefined || isId(color)) && (size === undefined || isId(size));
}

/** The stored cart; anything unreadable or malformed is dropped rather than trusted. */
function readStored(): StoredGuestCart | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(GUEST_CART_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { id?: unknown; lines?: unknown } | null;
    if (!parsed || typeof parsed !== 'object' || !Array.isArray(parsed.lines)) return null;
    const id = typeof parsed.id === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(parsed.id) ? parsed.id : newCartId();
    const lines = parsed.lines
      .filter(isLine)
      .slice(0, CART_MAX_LINES)
      .map(({ product, quantity, color, size }) => ({ product, quantity, ...(color ? { color } : {}), ...(size ? { size } : {}) }));
    return { id, lines };
  } catch {
    return null;
  }
}

/** The stored lines (ids and quantities only). */
export function readGuestCart(): GuestCartLine[] {
  return readStored()?.lines ?? [];
}

/** The id the merge sends with these lines (null when there is no guest cart). */
export function guestCartId(): string | null {
  return readStored()?.id ?? null;
}

/** Stores the lines (none: removes the browser cart). */
export function writeGuestCart(lines: GuestCartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(GUEST_CART_STORAGE_KEY);
    else localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ id: readStored()?.id ?? newCartId(), lines } satisfies StoredGuestCart));
  } catch {
    /* storage unavailable: the cart lasts for this page only */
  }
}

export function clearGuestCart(): void {
  writeGuestCart([]);
}

/** The header count for a guest: lines in the cart, as the server counts them. */
export function guestCartCount(): number {
  return readGuestCart().length;
}

/** Sets a line's quantity (0 removes it); answers the new count of lines. */
export function setGuestLineQuantity(key: { product: string; color?: string; size?: string }, quantity: number): number {
  const lines = readGuestCart();
  const index = lines.findIndex((line) => line.product === key.product && line.color === key.color && line.size === key.size);
  if (index >= 0) {
    if (quantity <= 0) lines.splice(index, 1);
    else lines[index].quantity = Math.min(quantity, CART_MAX_QUANTITY);
  }
  writeGuestCart(lines);
  return lines.length;
}
