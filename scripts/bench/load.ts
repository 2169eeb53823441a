// One autocannon run: latencies, errors (every status ≥ 400 not expected) and the SQL statements the server sent meanwhile.
import autocannon from 'autocannon';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  cookie?: string | undefined;
  body?: unknown;
  /** Sent as is instead of `body` as JSON (a webhook's signed bytes), with `headers`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  url: string;
  counterUrl: string;
  connections: number;
  /** Seconds; ignored when `amount` is set. */
  duration: number;
  amount?: number | undefined;
  next: () => RequestSpec;
  /** Statuses of 400 and over that are the endpoint's right answer here, not errors. */
  expectedStatuses?: readonly number[] | undefined;
  onResponse?: ((request: RequestSpec, status: number, body: string) => void) | undefined;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statementsPerRequest: number;
  /** Server CPU time (user + system) per request, in ms. */
  cpuMsPerRequest: number;
  statuses: Record<string, number>;
}

export const readCounter = async (counterUrl: string) => (await (await fetch(counterUrl)).json()) as { statements: number; cpuMicros: number };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const before = await readCounter(options.counterUrl);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
        timeout: 30,
        requests: [
          {
            setupRequest(req, context) {
              const spec = options.next();
              (context as { spec?: RequestSpec }).spec = spec;
              const headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json' };
              if (spec.cookie) headers.Cookie = spec.cookie;
              if (spec.body !== undefined || spec.rawBody !== undefined) headers['Content-Type'] = 'application/json';
              Object.assign(headers, spec.headers);
              const body = spec.rawBody ?? (spec.body === undefined ? undefined : JSON.stringify(spec.body));
              return { ...req, method: spec.method, path: spec.path, headers, body };
            },
            onResponse(status, body, context) {
              options.onResponse?.((context as { spec: RequestSpec }).spec, status, body);
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const after = await readCounter(options.counterUrl);
  latencies.sort((a, b) => a - b);
  const failed = Object.entries(statuses).reduce(
    (n, [status, count]) => n + (Number(status) >= 400 && !options.expectedStatuses?.includes(Number(status)) ? count : 0),
    0,
  );
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: failed + result.errors + result.timeouts,
    statementsPerRequest: latencies.length ? (after.statements - before.statements) / latencies.length : 0,
    cpuMsPerRequest: latencies.length ? (after.cpuMicros - before.cpuMicros) / 1000 / latencies.length : 0,
    statuses,
  };
}
