import { CarbonCalculatorPage } from '../../features/carbon/pages/CarbonCalculatorPage.tsx';
import { useOffsetGap } from './use-offset-gap.ts';

/** /carbon-calculator with the one-click "fill my cart with offsets" wired to the cart. */
export function CarbonCalculatorRoute() {
  return <CarbonCalculatorPage onOffsetGap={useOffsetGap()} />;
}
