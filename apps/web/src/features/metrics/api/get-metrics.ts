import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/metrics: the public platform figures (the server caches them for 30 s). */
export interface PlatformFigures {
  products: number;
  orders: number;
  tonnesRetired: number;
  members: number;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The figures, or null when they cannot be read (the band then says so quietly). */
export async function getMetrics(): Promise<PlatformFigures | null> {
  try {
    const response = await apiRequest<{ data?: Partial<PlatformFigures> }>('GET', 'v1/metrics');
    const data = response.ok ? response.data?.data : undefined;
    if (!data || !isCount(data.products) || !isCount(data.orders) || !isCount(data.tonnesRetired) || !isCount(data.members)) return null;
    return { products: data.products, orders: data.orders, tonnesRetired: data.tonnesRetired, members: data.members };
  } catch {
    return null;
  }
}
