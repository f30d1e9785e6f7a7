import { useState } from 'react';
import { REFERRAL_PERIODS, type ReferralPeriod } from '@app/contract/chains-rules';
import { formatPrice, isSupportedCurrency, minorToMajor } from '@app/contract/money';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useDisplayCurrency } from '../../currency/currency-store.ts';
import { useReferralStats } from '../api.ts';
import { buckets } from '../chart-buckets.ts';
import { BarChart } from './BarChart.tsx';

const PERIOD_LABEL: Record<ReferralPeriod, string> = { day: 'Days', week: 'Weeks', month: 'Months', year: 'Years' };
export const money = (amountMinor: number, currency: string) => formatPrice(isSupportedCurrency(currency) ? minorToMajor(amountMinor, currency) : amountMinor / 100, currency);

/** Referred sign-ups and earnings by day, week, month or year (spec §7 auth/referral/stats and earning/stats). */
export function ReferralStats() {
  const [period, setPeriod] = useState<ReferralPeriod>('month');
  const stats = useReferralStats(period);
  const displayCurrency = useDisplayCurrency();
  const now = new Date();

  let body;
  if (stats.isPending) body = <Skeleton height={180} radius="var(--radius-md)" />;
  else if (stats.isError)
    body = (
      <div className="chain-alert" role="alert">
        <p>{stats.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void stats.refetch()}>
          Try again
        </Button>
      </div>
    );
  else {
    const { signUps, earnings } = stats.data;
    const currencies = Object.keys(earnings.totalsMinor);
    // Nothing earned yet: say so in the shop's currency (the header's), not a fixed USD.
    const shown = currencies.length ? currencies : [displayCurrency];
    body = (
      <>
        <dl className="chain-figures" data-testid="referral-figures">
          <div>
            <dt>People referred</dt>
            <dd>{signUps.totalReferrals}</dd>
          </div>
          <div>
            <dt>Their paid orders</dt>
            <dd>{earnings.paidOrders ?? 0}</dd>
          </div>
          {shown.map((currency) => (
            <div key={currency}>
              <dt>Earned in the window</dt>
              <dd>{money(earnings.totalsMinor[currency] ?? 0, currency)}</dd>
            </div>
          ))}
        </dl>
        <div className="chain-charts" aria-busy={stats.isFetching}>
          <BarChart title="Sign-ups you referred" buckets={buckets(period, signUps.series.map((p) => ({ period: p.period, value: p.count })), now)} format={(v) => String(v)} />
          {shown.map((currency) => (
            <BarChart
              key={currency}
              title={`Earnings (${currency})`}
              buckets={buckets(period, earnings.series.filter((p) => p.currency === currency).map((p) => ({ period: p.period, value: p.amountMinor })), now)}
              format={(v) => money(v, currency)}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <section className="chain-card" aria-labelledby="stats-title">
      <div className="chain-card__head">
        <h2 id="stats-title" className="chain-card__title">
          Your referrals
        </h2>
        <div role="radiogroup" aria-label="Period" className="period-switch">
          {REFERRAL_PERIODS.map((value) => (
            <label key={value} className={`period-switch__option${value === period ? ' period-switch__option--on' : ''}`}>
              <input type="radio" name="referral-period" value={value} checked={value === period} onChange={() => setPeriod(value)} />
              {PERIOD_LABEL[value]}
            </label>
          ))}
        </div>
      </div>
      {body}
    </section>
  );
}
