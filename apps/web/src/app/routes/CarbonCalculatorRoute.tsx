import { CarbonCalculatorPage } from '../../features/carbon/pages/CarbonCalculatorPage.tsx';
import { CALCULATOR_TITLE } from '../page-meta.ts';
import { PageTitle } from './PageTitle.tsx';
import { useOffsetGap } from './use-offset-gap.ts';

/**
 * /carbon-calculator with "offset this" (priced first, then into the cart) wired to the catalog and the cart. Server-rendered
 * for visitors who are not signed in (the server writes its <title>; PageTitle keeps it after moves).
 */
export function CarbonCalculatorRoute() {
  return (
    <>
      <PageTitle title={CALCULATOR_TITLE} />
      <CarbonCalculatorPage offsets={useOffsetGap()} />
    </>
  );
}
