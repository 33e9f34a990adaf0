import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parse } from 'yaml';
import { PayoutMetrics } from './payout-metrics.js';

const RULES = new URL('../../../../deploy/prometheus/payout-alerts.yaml', import.meta.url);

interface Rule {
  readonly alert?: string;
  readonly expr?: string;
  readonly labels?: { readonly severity?: string };
  readonly annotations?: { readonly summary?: string; readonly description?: string };
}

/** Every name a process can expose, the scrape-time gauges included, with a histogram's series. */
async function exposedNames(): Promise<Set<string>> {
  const metrics = new PayoutMetrics();
  metrics.observePool(() => ({ used: 0, free: 0, waiting: 0 }));
  metrics.observeWorkDue(async () => []);
  metrics.observeUnresolvedSubmissions(async () => []);
  metrics.observeReconciliationExceptions(async () => []);
  metrics.observeProviderBalances(async () => [{ provider: 'increase', available: 1, readAtSeconds: 1 }], {
    increase: 0,
  });
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram')
      for (const end of ['_bucket', '_sum', '_count']) names.add(metric.name + end);
  }
  return names;
}

describe('the Prometheus alerting rules in deploy/prometheus', () => {
  it('alert on metrics the service exposes, each with a severity and a summary', async () => {
    const file = parse(readFileSync(RULES, 'utf8')) as { groups: { rules: Rule[] }[] };
    const rules = file.groups.flatMap((group) => group.rules);
    expect(rules.length).to.be.greaterThan(0);
    const names = await exposedNames();
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).to.match(/^Payout[A-Za-z]+$/);
      expect(['critical', 'warning'], rule.alert).to.include(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).to.be.a('string').and.not.equal('');
      const used = rule.expr?.match(/\bpayout_[a-z_]+/g) ?? [];
      expect(used, rule.alert).to.not.deep.equal([]);
      for (const name of used) expect(names.has(name), `${rule.alert}: ${name}`).to.equal(true);
    }
  });
});
