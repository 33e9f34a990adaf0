import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { ConfigEnv } from '../config/variables.js';

/**
 * Tracing is on when an OTLP endpoint or a traces exporter is configured (and not `none`), and OTEL_SDK_DISABLED
 * is not `true`; off, the SDK is never loaded.
 */
export const tracingRequested = (env: ConfigEnv): boolean =>
  env.OTEL_SDK_DISABLED !== 'true' &&
  Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT ||
      env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ||
      (env.OTEL_TRACES_EXPORTER && env.OTEL_TRACES_EXPORTER !== 'none'),
  );

let sdk: NodeSDK | null = null;

/** Imported by the entry points before anything they trace: starts tracing when the environment asks for it. */
if (tracingRequested(process.env)) sdk = (await import('./tracing.js')).startTracing();

/** Exports the spans still buffered; a process calls it before it exits. */
export async function stopTracing(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
}
