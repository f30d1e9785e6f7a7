import { useQuery } from '@tanstack/react-query';
import { formatTonnesNumber, gapShareClosed, tonnesRetiredBy } from '@app/contract/units';
import { apiClient } from '../../../lib/api-client.ts';
import { useSession } from '../../session/session-store.ts';
import type { CartLineView } from '../guest-cart-view.ts';

interface Gap {
  footprintKg: number;
  retiredKg: number;
}

/** The signed-in buyer's footprint gap: their latest household footprint less what they retired. */
async function loadGap(): Promise<Gap | null> {
  const [latest, offsets] = await Promise.all([
    apiClient.get<{ data: { total: number } | null }>('v1/carbon/footprints/latest', { query: { kind: 'household' } }),
    apiClient.get<{ data: { tonnesRetired: number } }>('v1/carbon/offsets'),
  ]);
  if (!latest.ok || !latest.data?.data || !offsets.ok || !offsets.data) return null;
  return { footprintKg: latest.data.data.total, retiredKg: offsets.data.data.tonnesRetired * 1000 };
}

const tonnes = formatTonnesNumber;

/**
 * What the order does for the climate (issue 27.4): the tonnes its offset lines retire and, for
 * a signed-in buyer with a saved household footprint, the share of their gap that closes.
 */
export function CartImpact({ lines }: { lines: readonly CartLineView[] }) {
  const signedIn = useSession((session) => session.isLoggedIn);
  const retires = tonnesRetiredBy(lines);
  if (retires === 0) return null;
  return (
    <p className="cart-impact" data-testid="cart-impact">
      This order retires <strong>{tonnes(retires)} t CO₂e</strong>
      {/* A guest has no saved footprint: only the signed-in cart asks for the gap. */}
      {signedIn && <GapShare retires={retires} />}.
    </p>
  );
}

function GapShare({ retires }: { retires: number }) {
  const gap = useQuery({ queryKey: ['cart', 'footprint-gap'], queryFn: loadGap, staleTime: 60_000 });
  const gapKg = gap.data ? Math.max(gap.data.footprintKg - gap.data.retiredKg, 0) : null;
  const share = gapShareClosed(retires, gapKg);
  if (share === null) return null;
  return (
    <>
      {' '}
      and closes <strong>{Math.round(share * 100)}%</strong> of your footprint gap ({tonnes((gapKg ?? 0) / 1000)} t left from your saved footprint)
    </>
  );
}
