import { register } from 'node:module';
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { TRACING_DEFAULTS } from '../config/tracing-defaults.js';

/**
 * OpenTelemetry tracing, configured by the standard OTEL_* variables (exporter, endpoint, protocol, sampler,
 * service name). Must run before Express, pg and ioredis are imported: their instrumentations patch them as they
 * load. Only traces: metrics are Prometheus's (`/metrics`) and logs stay on stdout, unless OTEL_* asks for more.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): NodeSDK {
  for (const [name, value] of Object.entries(TRACING_DEFAULTS)) env[name] ??= value;
  // The service is ES modules: import-in-the-middle's hooks let the instrumentations see `import`, not only
  // `require`.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const sdk = new NodeSDK({
    instrumentations: [
      getNodeAutoInstrumentations({
        // Health probes and scrapes would be most of the traces, and none of the interesting ones.
        '@opentelemetry/instrumentation-http': {
          ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? ''),
        },
      }),
    ],
  });
  sdk.start();
  return sdk;
}
