import { expect } from 'chai';
import { isUniqueViolation } from './pg-errors.js';

const duplicate = (table: string, constraint: string) => ({ code: '23505', table, constraint });

describe('unique violations on partitioned tables', () => {
  it('recognises a partition’s copy of the constraint, and no other constraint', () => {
    const name = 'webhook_attempts_once';
    expect(isUniqueViolation(duplicate('webhook_attempts', name), name)).to.equal(true);
    for (const partition of [
      'webhook_attempts_p202612',
      'webhook_attempts_legacy',
      'webhook_attempts_default',
    ])
      expect(
        isUniqueViolation(duplicate(partition, `${partition}_once`), name, 'webhook_attempts'),
        partition,
      ).to.equal(true);
    expect(
      isUniqueViolation(
        duplicate('webhook_attempts_p202612', 'webhook_attempts_p202612_pkey'),
        name,
        'webhook_attempts',
      ),
    ).to.equal(false);
    expect(
      isUniqueViolation(
        duplicate('webhook_events_p202612', 'webhook_events_p202612_once'),
        name,
        'webhook_attempts',
      ),
    ).to.equal(false);
    expect(isUniqueViolation({ code: '23503', table: 'webhook_attempts', constraint: name }, name)).to.equal(
      false,
    );
  });
});
