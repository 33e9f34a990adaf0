import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { tracingRequested } from '../bin/tracing-preload.js';
import { loadConfig } from './config.js';
import { CONFIGURATION_REFERENCE_PATH, configurationReference } from './configuration-reference.js';
import { CONFIG_VARIABLES } from './variables.js';

const REFERENCE = new URL(`../../../../${CONFIGURATION_REFERENCE_PATH}`, import.meta.url);
const DECLARED: ReadonlySet<string> = new Set(CONFIG_VARIABLES.map((variable) => variable.name));

/** An environment that records every name read from it, declared or not. */
function recording(values: Record<string, string>, reads: Set<string>): Record<string, string> {
  return new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') reads.add(name);
      return target[name as string];
    },
  });
}

/** Every variable set, so that each branch that reads one is taken. */
const EVERYTHING: Record<string, string> = Object.fromEntries(
  CONFIG_VARIABLES.map((variable) => [variable.name, 'x']),
);

/** Environments that between them take every branch of the configuration that reads a variable. */
const ENVIRONMENTS: Record<string, string>[] = [
  {},
  { APP_ENV: 'production' },
  { ...EVERYTHING, RAILS: 'ACH=increase,RTP=increase,WIRE=increase,PUSH_TO_CARD=increase,SWIFT=wise' },
  {
    ...EVERYTHING,
    RAILS: 'ACH=modern_treasury,RTP=modern_treasury,WIRE=modern_treasury,SWIFT=modern_treasury,PAYPAL=paypal',
  },
];

/** The names the configuration reads: loadConfig's and tracing's, over ENVIRONMENTS. */
function namesRead(): Set<string> {
  const reads = new Set<string>();
  for (const values of ENVIRONMENTS) {
    loadConfig(recording(values, reads));
    tracingRequested(recording(values, reads));
  }
  return reads;
}

describe('the configuration reference (docs/configuration.md)', () => {
  it('is the page the declaration generates: run `npm run docs:config` after changing a variable', () => {
    const committed = readFileSync(REFERENCE, 'utf8');
    expect(
      committed === configurationReference(),
      'docs/configuration.md is stale: npm run docs:config',
    ).to.equal(true);
  });

  it('names every variable the configuration reads', () => {
    const read = namesRead();
    expect(
      [...read].filter((name) => !DECLARED.has(name)),
      'read but not declared in variables.ts',
    ).to.deep.equal([]);
    const page = readFileSync(REFERENCE, 'utf8');
    expect(
      [...read].filter((name) => !page.includes(`**\`${name}\`**`)),
      'missing from the page',
    ).to.deep.equal([]);
  });

  it('declares no variable the service does not read', () => {
    const read = namesRead();
    // Set by the service for the OpenTelemetry SDK, which reads them (tracing.ts, tracing-defaults.ts).
    const forTheSdk = new Set([
      'OTEL_SERVICE_NAME',
      'OTEL_NODE_ENABLED_INSTRUMENTATIONS',
      'OTEL_METRICS_EXPORTER',
      'OTEL_LOGS_EXPORTER',
    ]);
    expect([...DECLARED].filter((name) => !read.has(name) && !forTheSdk.has(name))).to.deep.equal([]);
  });

  it('documents every value a variable of choices accepts, and the bounds the parser applies', () => {
    for (const variable of CONFIG_VARIABLES)
      if (variable.kind === 'choice')
        for (const value of variable.values)
          expect(variable.description, variable.name).to.include(`\`${value}\``);
    const refused = loadConfig({ PORT: '65536', DATABASE_POOL_MAX: '1' });
    expect(!refused.ok && refused.errors).to.deep.equal([
      'PORT must be an integer from 0 to 65535 (got "65536")',
      'DATABASE_POOL_MAX must be an integer from 2 to 500 (got "1")',
    ]);
    expect(configurationReference())
      .to.include('An integer from 0 to 65535.')
      .and.include('An integer from 2 to 500.');
  });
});
