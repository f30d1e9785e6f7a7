import { useMemo } from 'react';
import { useToast } from '../../components/ui/useToast.ts';
import type { OffsetActions } from '../../features/carbon/components/OffsetOffer.tsx';

/**
 * "Offset this" on the carbon page (issues 10, 26): the actions live in offset-gap-actions.ts and
 * load on the first press, so the calculator's first load does not carry the catalog query, the
 * planner and the cart calls it needs only then.
 */
export function useOffsetGap(): OffsetActions {
  const toast = useToast();
  return useMemo<OffsetActions>(() => {
    const load = () => import('./offset-gap-actions.ts').then((module) => module.offsetActions(toast));
    return {
      quote: async (gapKg) => (await load()).quote(gapKg),
      fill: async (quote) => (await load()).fill(quote),
    };
  }, [toast]);
}
