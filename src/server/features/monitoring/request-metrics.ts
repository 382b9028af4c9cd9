import type { FastifyReply, FastifyRequest } from 'fastify';

/** Upper bounds (seconds) of the request-duration buckets: 5 ms to 10 s. */
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** One route × status: per-bucket counts (not cumulative until scraped), sum and count. */
interface Series {
  counts: Float64Array;
  sum: number;
  count: number;
}

/** Per route: its method and pattern (never the raw URL, whose ids and queries are unbounded), by status. */
interface RouteSeries {
  method: string;
  route: string;
  byStatus: Map<number, Series>;
}

const SERIES = Symbol('spindle.requestMetrics');
type RouteConfig = { url?: string; method?: string; [SERIES]?: RouteSeries };

/**
 * Request counts and durations by route pattern, method and status, as a Prometheus histogram.
 * The request path pays only for what it cannot avoid: the series is found through the route's own
 * config object (one property read; no label strings built, nothing allocated once a route has been
 * seen with a status), and the bucket is a loop over eleven numbers. prom-client's own Histogram builds
 * and hashes a label object on every observation; here labels are written only when scraped.
 */
export class RequestMetrics {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Requests answered, by method, route pattern and status, with their durations (seconds).';
  readonly type = 'histogram';
  private readonly routes: RouteSeries[] = [];
  private readonly unmatched = new Map<string, RouteSeries>();
  private contextSymbol: symbol | null | undefined;

  /** Called once per answered request (from the request log's completion hook). */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const config = this.routeConfig(request);
    let series = config?.url === undefined ? this.unmatchedSeries(request.method) : config[SERIES];
    if (!series) {
      series = { method: config!.method ?? request.method, route: config!.url!, byStatus: new Map() };
      config![SERIES] = series;
      this.routes.push(series);
    }
    const status = reply.statusCode;
    let entry = series.byStatus.get(status);
    if (!entry) {
      entry = { counts: new Float64Array(BOUNDS.length), sum: 0, count: 0 };
      series.byStatus.set(status, entry);
    }
    const seconds = reply.elapsedTime / 1000;
    entry.sum += Number.isFinite(seconds) ? seconds : 0;
    entry.count++;
    for (let i = 0; i < BOUNDS.length; i++) {
      if (seconds <= BOUNDS[i]!) {
        entry.counts[i]!++;
        break;
      }
    }
  }

  /** prom-client's metric interface: the histogram's lines, built at scrape time. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const series of [...this.routes, ...this.unmatched.values()]) {
      for (const [status, entry] of series.byStatus) {
        const labels = { method: series.method, route: series.route, status_code: status };
        let cumulative = 0;
        for (let i = 0; i < BOUNDS.length; i++) {
          cumulative += entry.counts[i]!;
          values.push({ labels: { ...labels, le: BOUNDS[i]! }, value: cumulative, metricName: `${this.name}_bucket` });
        }
        values.push({ labels: { ...labels, le: '+Inf' }, value: entry.count, metricName: `${this.name}_bucket` });
        values.push({ labels, value: entry.sum, metricName: `${this.name}_sum` });
        values.push({ labels, value: entry.count, metricName: `${this.name}_count` });
      }
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' as const };
  }

  /** The route's config object, read where Fastify keeps it (routeOptions builds a new object per read). */
  private routeConfig(request: FastifyRequest): RouteConfig | undefined {
    if (this.contextSymbol === undefined) {
      this.contextSymbol = Object.getOwnPropertySymbols(request).find((s) => s.description === 'fastify.context') ?? null;
    }
    const context = this.contextSymbol ? ((request as unknown as Record<symbol, { config?: RouteConfig } | undefined>)[this.contextSymbol]) : undefined;
    return context ? context.config : (request.routeOptions.config as RouteConfig);
  }

  /** Requests that matched no route share one series per method (route "unmatched"): URLs never become labels. */
  private unmatchedSeries(method: string): RouteSeries {
    let series = this.unmatched.get(method);
    if (!series) {
      series = { method, route: 'unmatched', byStatus: new Map() };
      this.unmatched.set(method, series);
    }
    return series;
  }
}
