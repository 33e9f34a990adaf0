import type { Principal } from '../ports/token-verifier.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';

/**
 * `unitOfWork` whose every transaction is written for `writer` (UnitOfWork.run's `writer`): for a request whose
 * writes go through shared flows (the first rail attempt after a debit), so that `readFor(writer)` sees them all.
 */
export const writingFor = (unitOfWork: UnitOfWork, writer: Principal): UnitOfWork => ({
  read: unitOfWork.read,
  readFor: (reader) => unitOfWork.readFor(reader),
  readBack: (read) => unitOfWork.readBack(read),
  run: (work) => unitOfWork.run(work, writer),
});
