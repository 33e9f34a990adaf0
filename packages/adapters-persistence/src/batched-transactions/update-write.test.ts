import { expect } from 'chai';
import { updateWrite } from './update-write.js';

describe('updateWrite', () => {
  it('refuses an update whose column types are not all given', () => {
    expect(() =>
      updateWrite('t', { a: 1 }, { id: 'x' }, { id: 'uuid' }, { rows: 1, error: () => new Error('x') }),
    ).to.throw('no type given for t.a');
  });
});
