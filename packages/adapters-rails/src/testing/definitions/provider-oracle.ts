import { type DefinitionProblem, ProviderDefinition, type ProviderName } from './provider-definition.js';
import { type ProviderAnswer, REFUSALS } from './provider-refusal.js';

/** Every oracle made in this process, so a suite's hook can collect what any of them saw. */
const live = new Set<ProviderOracle>();

/**
 * What a stand-in for a provider (a nock script, a local fake) checks every request and answer with: the
 * provider's definition. A request it does not accept is answered as the provider refuses one, and recorded; so
 * is an answer of the stand-in's that the definition types otherwise. A recorded violation fails the test
 * (useNock's hook, JsonFakeServer.close), so a stand-in cannot agree with a wrong request or answer a shape the
 * provider never gives.
 */
export class ProviderOracle {
  readonly definition: ProviderDefinition;
  private readonly violations: string[] = [];

  constructor(readonly provider: ProviderName) {
    this.definition = ProviderDefinition.of(provider);
    live.add(this);
  }

  /** The provider's refusal of this request (its body, its query string) when its definition does not accept it. */
  receive(method: string, pathname: string, raw: string, search = ''): ProviderAnswer | null {
    const problems = this.definition.requestProblems(method, pathname, raw, search);
    if (problems.length === 0) return null;
    this.record(`${method} ${pathname}`, 'request', problems);
    return REFUSALS[this.provider](problems);
  }

  /** Records the stand-in's answer to this request when the definition gives another shape. */
  answered(method: string, pathname: string, status: number, body: unknown): void {
    const problems = this.definition.answerProblems(method, pathname, status, body);
    if (problems.length > 0) this.record(`${method} ${pathname}`, `answer ${status}`, problems);
  }

  /** The violations recorded since the last take; a test that provokes one on purpose takes it. */
  takeViolations(): string[] {
    return this.violations.splice(0);
  }

  private record(request: string, what: string, problems: readonly DefinitionProblem[]): void {
    this.violations.push(`${this.provider} ${request} ${what}: ${problems.map((p) => p.message).join('; ')}`);
  }
}

/** What every oracle made so far recorded and nobody took; each is taken once. */
export const takeDefinitionViolations = (): string[] =>
  [...live].flatMap((oracle) => oracle.takeViolations());
