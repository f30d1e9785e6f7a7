import { orderCreateBodySchema, type OrderCreateBody } from '@app/contract/orders';
import { optional, type FieldErrors } from '../../components/form/useForm.ts';
import { referralIdFor, storedEventTies, type BusinessMembership } from './checkout-storage.ts';

/** The checkout form's fields: who receives the order, where, and the receipt address. */
export type CheckoutField = 'firstName' | 'lastName' | 'buyerEmail' | 'line1' | 'line2' | 'city' | 'postalCode' | 'region' | 'country' | 'phone';
export type CheckoutValues = Record<CheckoutField, string>;

/** In the order the form shows them: the first bad field in this order gets the focus. */
export const EMPTY_CHECKOUT_VALUES: CheckoutValues = { firstName: '', lastName: '', line1: '', line2: '', city: '', postalCode: '', region: '', country: '', phone: '', buyerEmail: '' };

export interface OrderContext {
  /** The buyer's own id: a stored referral id equal to it is sent blank (spec §4). */
  userId: string | null;
  /** The business the buyer belongs to, when they chose a business order (BusinessOrderSelection 'yes'). */
  businessOrderFor: BusinessMembership | null;
  /**
   * The event's conference code when the buyer chose to buy for the event their cart is tied to;
   * null sends "not for an event", which the server honours over the cart's tie (issue 26).
   */
  eventCode?: string | null;
}

/**
 * The order payload of spec §3 from the form and the stored keys. The lines, prices and totals
 * are not sent: the server takes them from the buyer's server cart.
 */
export function toOrderBody(values: CheckoutValues, { userId, businessOrderFor, eventCode = null }: OrderContext): OrderCreateBody {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  return {
    referalUserId: referralIdFor(userId),
    isBusinessOrder: businessOrderFor !== null,
    buyerEmail: optional(values.buyerEmail) ?? null,
    businessCode: businessOrderFor?.businessCode ?? null,
    businessOwnerUserId: businessOrderFor?.ownerUserId ?? null,
    firstName,
    lastName,
    address: {
      firstName,
      lastName,
      line1: values.line1.trim(),
      line2: optional(values.line2) ?? null,
      city: values.city.trim(),
      postalCode: values.postalCode.trim(),
      region: optional(values.region) ?? null,
      country: values.country.trim().toUpperCase(),
      phone: optional(values.phone) ?? null,
    },
    ...eventFields(eventCode),
  };
}

/** The event part of the payload: always sent, so the checkout's choice is explicit. */
function eventFields(eventCode: string | null): Pick<OrderCreateBody, 'conferanceCode' | 'eventOwnerOrder' | 'businessEventUserId'> {
  if (!eventCode) return { conferanceCode: null, eventOwnerOrder: null, businessEventUserId: null };
  const stored = storedEventTies();
  return { conferanceCode: eventCode, eventOwnerOrder: stored.eventOwnerOrder, businessEventUserId: stored.businessEventUserId };
}

/** Payload paths to form fields: `address.city` is the city box; the recipient's names are the order's names. */
export function fieldOfPath(path: readonly PropertyKey[] | string): CheckoutField | null {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const name = parts[0] === 'address' ? parts[1] : parts[0];
  return name && name in EMPTY_CHECKOUT_VALUES ? (name as CheckoutField) : null;
}

/** The contract's own rules and messages, so the form and the API refuse the same input with the same words. */
export function validateCheckout(values: CheckoutValues): FieldErrors<CheckoutField> {
  const result = orderCreateBodySchema.safeParse(toOrderBody(values, { userId: null, businessOrderFor: null }));
  if (result.success) return {};
  const errors: FieldErrors<CheckoutField> = {};
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path);
    if (field && !errors[field]) errors[field] = field === 'country' ? 'Please choose a country' : issue.message;
  }
  return errors;
}

/** Server field messages (`address.line1`) under the form's names. */
export function formFieldsOf(fields: Record<string, string[]> | undefined): Record<string, string[]> | undefined {
  if (!fields) return undefined;
  const mapped: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const field = fieldOfPath(path);
    if (field && !mapped[field]) mapped[field] = messages;
  }
  return mapped;
}
