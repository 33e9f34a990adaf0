import nock from 'nock';

/**
 * nock patches fetch and node:http for the whole process when imported, and every suite runs in one mocha
 * process, so it is switched off at load and on only while a provider suite runs, with the network closed but
 * for local servers.
 */
if (nock.isActive()) nock.restore();

export function useNock(): void {
  before(() => {
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
  });
  afterEach(() => nock.cleanAll());
  after(() => {
    nock.enableNetConnect();
    nock.restore();
  });
}
