import { expect } from 'chai';
import { unsupportedNode } from './node-version.js';

describe('unsupportedNode', () => {
  it('stops Node 20 and 22 before 22.12 with a message naming the version needed and how to get it', () => {
    for (const version of ['20.20.2', '22.11.0', '18.0.0']) {
      const problem = unsupportedNode(version);
      expect(problem).to.include('needs Node.js 22.12 or later');
      expect(problem).to.include(`this is Node.js ${version}`);
      expect(problem).to.include('npm start');
    }
  });

  it('lets 22.12 and later through', () => {
    for (const version of ['22.12.0', '23.0.0', '24.21.0', '25.1.0'])
      expect(unsupportedNode(version)).to.equal(null);
  });
});
