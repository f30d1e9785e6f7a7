import type { PlatformMetrics } from '@app/contract';

/**
 * The home page asks for the metrics on every visit, and they change slowly: the answer is
 * computed at most once per `ttlMs` and kept as ready JSON bytes, so a read costs no query and
 * no serialisation. Concurrent misses share one computation.
 */
export class MetricsCache {
  private body: Buffer | null = null;
  private computedAt = 0;
  private inflight: Promise<Buffer> | null = null;

  constructor(
    private readonly compute: () => Promise<Omit<PlatformMetrics, 'updatedAt'>>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async bytes(): Promise<Buffer> {
    if (this.body && this.now() - this.computedAt < this.ttlMs) return this.body;
    this.inflight ??= this.refresh().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** Forget the cached figures (tests; an operator could call it after a data fix). */
  clear() {
    this.body = null;
  }

  private async refresh(): Promise<Buffer> {
    const startedAt = this.now();
    const figures = await this.compute();
    const data: PlatformMetrics = { ...figures, updatedAt: new Date(startedAt).toISOString() };
    this.body = Buffer.from(JSON.stringify({ success: true, data }));
    this.computedAt = startedAt;
    return this.body;
  }
}
