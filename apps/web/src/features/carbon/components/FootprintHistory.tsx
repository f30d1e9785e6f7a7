import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SavedFootprint } from '@app/contract/footprints';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { deleteFootprint, footprintKeys, setFootprintPublic, useFootprints, useOffsetsRetired } from '../api/carbon-api.ts';
import { formatTonnes } from '../state/format.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { OffsetOffer, type OffsetActions } from './OffsetOffer.tsx';

const KIND_LABELS: Record<SavedFootprint['kind'], string> = { household: 'Household', flights: 'Flights', event: 'Event', business: 'Business' };

/** Fills the cart with offset projects covering a gap in kg CO2e (the app wires it to the cart). */

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 16, right: 16, bottom: 28, left: 60 };

/** Saved household footprints over time against the tonnes offset, as a small SVG line chart. */
function HistoryChart({ points, retiredKg }: { points: Array<{ date: Date; kg: number }>; retiredKg: number }) {
  const maxKg = Math.max(...points.map((p) => p.kg), retiredKg, 1000);
  const x = (i: number) => PAD.left + (points.length === 1 ? (WIDTH - PAD.left - PAD.right) / 2 : (i / (points.length - 1)) * (WIDTH - PAD.left - PAD.right));
  const y = (kg: number) => PAD.top + (1 - kg / maxKg) * (HEIGHT - PAD.top - PAD.bottom);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.kg).toFixed(1)}`).join(' ');
  const ticks = [0, 0.5, 1].map((share) => share * maxKg);
  const first = points[0] && formatDate(points[0].date);
  const last = points.length > 0 ? formatDate(points.at(-1)!.date) : undefined;
  return (
    <svg className="history-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Footprint over time: ${points.map((p) => `${formatDate(p.date)} ${formatTonnes(p.kg)}`).join(', ')}; offsets retired: ${formatTonnes(retiredKg)}`}>
      {ticks.map((kg) => (
        <g key={kg}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(kg)} y2={y(kg)} className="history-chart__grid" />
          <text x={PAD.left - 8} y={y(kg) + 4} textAnchor="end" className="history-chart__tick">
            {(kg / 1000).toFixed(kg === 0 ? 0 : 1)} t
          </text>
        </g>
      ))}
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(retiredKg)} y2={y(retiredKg)} className="history-chart__offsets" />
      <path d={line} className="history-chart__line" />
      {points.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.kg)} r={4} className="history-chart__point" />
      ))}
      {/* The first and last dates under the ends; one date under the point when they are the same day (it read as a range). */}
      {first && last && first === last ? (
        <text x={x(points.length === 1 ? 0 : (points.length - 1) / 2)} y={HEIGHT - 8} textAnchor="middle" className="history-chart__tick">
          {first}
        </text>
      ) : (
        <>
          <text x={PAD.left} y={HEIGHT - 8} className="history-chart__tick">
            {first}
          </text>
          <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="history-chart__tick">
            {last}
          </text>
        </>
      )}
    </svg>
  );
}

/** A signed-in user's saved footprints: chart, footprint against offsets, and the list. */
export function FootprintHistory({ offsets }: { offsets?: OffsetActions }) {
  const history = useFootprints(true);
  const retired = useOffsetsRetired(true);
  return (
    <section className="carbon-card" aria-labelledby="history-title">
      <h2 id="history-title" className="carbon-card__title">
        Your footprint over time
      </h2>
      {history.isPending && (
        <div aria-busy="true" aria-label="Loading your saved footprints">
          <Skeleton height="10rem" />
        </div>
      )}
      {history.isError && <FormAlert>{history.error.message}</FormAlert>}
      {history.data && history.data.length === 0 && <p className="carbon-muted">Nothing saved yet. Save a result above to start your history.</p>}
      {history.data && history.data.length > 0 && <HistoryBody saved={history.data} retiredKg={(retired.data?.tonnesRetired ?? 0) * 1000} offsets={offsets} />}
    </section>
  );
}

function HistoryBody({ saved, retiredKg, offsets }: { saved: SavedFootprint[]; retiredKg: number; offsets?: OffsetActions }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [deleting, setDeleting] = useState<string | null>(null);
  async function remove(footprint: SavedFootprint) {
    setDeleting(footprint._id);
    try {
      const response = await deleteFootprint(footprint._id);
      if (response.ok || response.status === 404) await queryClient.invalidateQueries({ queryKey: footprintKeys.all });
      if (!response.ok && response.status !== 404) toast.error(errorMessage(response, 'The footprint could not be deleted. Please try again.'));
    } catch {
      toast.error('The footprint could not be deleted. Please check your connection.');
    } finally {
      setDeleting(null);
    }
  }
  const [sharing, setSharing] = useState<string | null>(null);
  async function share(footprint: SavedFootprint, visible: boolean) {
    setSharing(footprint._id);
    try {
      const response = await setFootprintPublic(footprint._id, visible);
      await queryClient.invalidateQueries({ queryKey: footprintKeys.all });
      if (!response.ok) toast.error(errorMessage(response, 'That could not be changed. Please try again.'));
    } catch {
      toast.error('That could not be changed. Please check your connection.');
    } finally {
      setSharing(null);
    }
  }
  const households = saved.filter((f) => f.kind === 'household').reverse();
  const latest = households.at(-1);
  const gapKg = Math.max((latest?.total ?? 0) - retiredKg, 0);
  return (
    <>
      {households.length > 0 && (
        <>
          <HistoryChart points={households.map((f) => ({ date: new Date(f.createdAt), kg: f.total }))} retiredKg={retiredKg} />
          <p className="history-legend">
            <span className="history-legend__item">
              <span className="history-legend__swatch history-legend__swatch--footprint" aria-hidden="true" /> Household footprint a year
            </span>
            <span className="history-legend__item">
              <span className="history-legend__swatch history-legend__swatch--offsets" aria-hidden="true" /> Tonnes offset by your certificates
            </span>
          </p>
        </>
      )}
      <dl className="offset-gap">
        <div>
          <dt>Latest household footprint</dt>
          <dd>{latest ? formatTonnes(latest.total) : '—'}</dd>
        </div>
        <div>
          <dt>Offset by your certificates</dt>
          <dd>{formatTonnes(retiredKg)}</dd>
        </div>
        <div>
          <dt>Still to cut or offset</dt>
          <dd>{formatTonnes(gapKg)}</dd>
        </div>
      </dl>
      {gapKg > 0 && offsets && <OffsetOffer gapKg={gapKg} actions={offsets} intro="Cover what is left with verified projects: see the price first, then add it to your cart." />}
      <p className="carbon-muted carbon-small">Offsets count once their order is paid: the tonnes of offset projects in your paid orders.</p>
      <h3 className="carbon-result__heading">Saved results</h3>
      <p className="carbon-muted carbon-small">Tick “Public” to show a result on your public sustainability page; nothing is shown unless you do.</p>
      <ol className="history-list" aria-label="Saved footprints, newest first">
        {saved.slice(0, 10).map((f) => (
          <li key={f._id} className="history-list__item" data-testid="history-item">
            <span className="history-list__when">
              <span>{KIND_LABELS[f.kind]}</span>
              <time dateTime={f.createdAt} className="carbon-muted">
                {formatDateTime(f.createdAt)}
              </time>
            </span>
            <strong>{formatTonnes(f.total)}</strong>
            <label className="history-list__public">
              <input
                type="checkbox"
                checked={f.public}
                disabled={sharing === f._id}
                aria-label={`Show the ${KIND_LABELS[f.kind].toLowerCase()} footprint of ${formatDateTime(f.createdAt)} on your public page`}
                onChange={(event) => void share(f, event.currentTarget.checked)}
              />
              <span>Public</span>
            </label>
            <Button
              variant="ghost"
              size="sm"
              loading={deleting === f._id}
              aria-label={`Delete the ${KIND_LABELS[f.kind].toLowerCase()} footprint of ${formatDateTime(f.createdAt)}`}
              onClick={() => void remove(f)}
            >
              Delete
            </Button>
          </li>
        ))}
      </ol>
    </>
  );
}
