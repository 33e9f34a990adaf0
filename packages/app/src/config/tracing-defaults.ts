/**
 * The OpenTelemetry variables the service gives a value of its own when they are unset (tracing.ts). Kept apart,
 * free of imports, so that the configuration's declaration (config/variables.ts) can name them without loading
 * anything before tracing starts.
 */
export const TRACING_DEFAULTS = {
  /** What is traced: requests in and out, SQL, Redis. */
  OTEL_NODE_ENABLED_INSTRUMENTATIONS: 'http,express,pg,ioredis,undici',
  /** Metrics are Prometheus's (`/metrics`) and logs stay on stdout. */
  OTEL_METRICS_EXPORTER: 'none',
  OTEL_LOGS_EXPORTER: 'none',
  OTEL_SERVICE_NAME: 'payout-service',
} as const;
