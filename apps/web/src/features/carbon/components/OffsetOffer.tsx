import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice, minorToMajor, type Currency } from '@app/contract/money';
import { Button } from '../../../components/ui/Button.tsx';
import type { OffsetLine } from '../state/offset-plan.ts';

/** A planned offset cart with its cost at today's catalog prices, in the shopper's currency. */
export interface OffsetQuote {
  lines: OffsetLine[];
  tonnesNeeded: number;
  tonnesCovered: number;
  totalMinor: number;
  currency: Currency;
}

/** What the app layer lends the calculator: price a plan, then put it in the shopper's cart (guest or signed in). */
export interface OffsetActions {
  quote: (gapKg: number) => Promise<OffsetQuote | null>;
  fill: (quote: OffsetQuote) => Promise<boolean>;
}

type State = { step: 'idle' } | { step: 'quoting' } | { step: 'quoted'; quote: OffsetQuote } | { step: 'none' } | { step: 'adding'; quote: OffsetQuote } | { step: 'added' };

/**
 * "Offset this" for everyone (issue 26: visitors who were not signed in got no such action, and
 * "Fill my cart" did not say the price before adding). First the plan and what it costs, then
 * one press puts it in the cart; the cart and checkout price it again on the server.
 */
export function OffsetOffer({ gapKg, actions, intro }: { gapKg: number; actions: OffsetActions; intro: string }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const tonnes = Math.max(1, Math.ceil(gapKg / 1000 - 1e-9));

  async function quote() {
    setState({ step: 'quoting' });
    const found = await actions.quote(gapKg);
    setState(found && found.lines.length > 0 ? { step: 'quoted', quote: found } : { step: 'none' });
  }

  async function fill(found: OffsetQuote) {
    setState({ step: 'adding', quote: found });
    setState((await actions.fill(found)) ? { step: 'added' } : { step: 'quoted', quote: found });
  }

  if (gapKg <= 0) return null;
  return (
    <div className="offset-offer" data-testid="offset-offer">
      {(state.step === 'idle' || state.step === 'quoting') && (
        <>
          <p className="carbon-muted carbon-small">{intro}</p>
          <Button variant="secondary" loading={state.step === 'quoting'} onClick={() => void quote()}>
            See what offsetting {tonnes} t costs
          </Button>
        </>
      )}
      {state.step === 'none' && <p className="carbon-muted">No offset projects are in stock right now. Please try again later.</p>}
      {(state.step === 'quoted' || state.step === 'adding') && (
        <>
          <p className="offset-offer__price" data-testid="offset-quote">
            {state.quote.tonnesCovered} t CO2e for <strong>{formatPrice(minorToMajor(state.quote.totalMinor, state.quote.currency), state.quote.currency)}</strong>
          </p>
          <ul className="offset-offer__lines">
            {state.quote.lines.map((line) => (
              <li key={line.product._id}>
                {line.quantity} t · {line.product.name}
              </li>
            ))}
          </ul>
          {state.quote.tonnesCovered < state.quote.tonnesNeeded && (
            <p className="carbon-muted carbon-small">
              That is all in stock: {state.quote.tonnesCovered} of the {state.quote.tonnesNeeded} t.
            </p>
          )}
          <p className="carbon-muted carbon-small">Whole tonnes from the lowest-priced verified projects in stock, at today's prices. You review the cart before paying.</p>
          <Button loading={state.step === 'adding'} onClick={() => void fill(state.quote)}>
            Fill my cart with offsets for {state.quote.tonnesCovered} t
          </Button>
        </>
      )}
      {state.step === 'added' && (
        <p className="offset-offer__done" role="status">
          Added to your cart. <Link to="/other/cart">Review your cart</Link>
        </p>
      )}
    </div>
  );
}
