import nock from 'nock';
import { checkedFetch } from './definitions/checked-fetch.js';
import { takeDefinitionViolations } from './definitions/provider-oracle.js';

/**
 * nock patches fetch and node:http for the whole process when imported, and every suite runs in one mocha
 * process, so it is switched off at load and on only while a provider suite runs, with the network closed but
 * for local servers. While it is on, every request to a provider's scripted origin passes its definition's check
 * (checkedFetch), and a test after which a request or answer broke the definition fails.
 */
if (nock.isActive()) nock.restore();

export function useNock(): void {
  let scripted: typeof globalThis.fetch | undefined;
  before(() => {
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    scripted = globalThis.fetch;
    const checked = checkedFetch((input, init) => scripted!(input, init));
    // The adapters call fetch with a URL and an init; a Request object (none of ours) goes to the script as it is.
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
      input instanceof Request ? scripted!(input, init) : checked(String(input), init ?? {})) as typeof fetch;
  });
  afterEach(() => {
    nock.cleanAll();
    const violations = takeDefinitionViolations();
    if (violations.length > 0)
      throw new Error(`requests or answers outside the provider's definition:\n${violations.join('\n')}`);
  });
  after(() => {
    if (scripted) globalThis.fetch = scripted;
    nock.enableNetConnect();
    nock.restore();
  });
}

/**
 * For a test whose script answers outside the provider's definition on purpose (a status or a code the SDK does
 * not list, a required field left out), to show the rail refuses to guess: takes what the oracles recorded, and
 * fails unless something was recorded and every record is an answer saying `problem`. Anything else recorded
 * still fails the test.
 */
export function takeAnswersOutsideDefinition(problem: string): void {
  const violations = takeDefinitionViolations();
  const other = violations.filter((v) => !/ answer \d+: /.test(v) || !v.includes(problem));
  if (violations.length === 0 || other.length > 0)
    throw new Error(
      `expected answers outside the definition saying "${problem}", got:\n${violations.join('\n') || 'none'}`,
    );
}
