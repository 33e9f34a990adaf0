import { expect } from 'chai';
import { tracingRequested } from './tracing-preload.js';

describe('tracingRequested', () => {
  it('is on with an OTLP endpoint or a traces exporter, off without, with `none`, or with the SDK disabled', () => {
    expect(tracingRequested({})).to.equal(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).to.equal(true);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }),
    ).to.equal(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console' })).to.equal(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'none' })).to.equal(false);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).to.equal(false);
  });
});
