import { useQuery } from '@tanstack/react-query';
import type { Impact, ImpactKind } from '@app/contract/impact';
import { apiClient } from '../../../lib/api-client.ts';

/** The public impact of a sustainability page (`GET /api/v1/impact/{kind}/{slug}`); null when it has none. */
export async function getImpact(kind: ImpactKind, slug: string): Promise<Impact | null> {
  const response = await apiClient.get<{ data: Impact }>(`v1/impact/${kind}/${encodeURIComponent(slug)}`);
  if (response.status === 404) return null;
  if (!response.ok || !response.data) throw new Error('The impact could not be loaded');
  return response.data.data;
}

export function useImpact(kind: ImpactKind, slug: string) {
  return useQuery({ queryKey: ['impact', kind, slug], queryFn: () => getImpact(kind, slug), retry: false, enabled: slug !== '' });
}
