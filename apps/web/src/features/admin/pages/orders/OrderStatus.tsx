import { Badge } from '../../components/States.tsx';
import { capitalise } from '../../components/Toolbar.tsx';

const TONES: Record<string, 'success' | 'warning' | 'danger' | 'info' | 'neutral'> = {
  paid: 'success',
  fulfilled: 'success',
  pending: 'warning',
  cancelled: 'neutral',
  expired: 'neutral',
  failed: 'danger',
  refunded: 'info',
  partially_refunded: 'info',
};

export function OrderStatus({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{capitalise(status.replaceAll('_', ' '))}</Badge>;
}
