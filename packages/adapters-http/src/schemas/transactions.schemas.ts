import { MESSAGES } from '@payout/domain';
import { type JsonSchema, object, uuidParam } from './schema-fault.js';

/** An id that cannot exist is answered like one that does not (spec endpoint 7: 404). */
export const transactionParamsSchema: JsonSchema = object(
  { transactionId: uuidParam('transactionId', MESSAGES.TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND') },
  ['transactionId'],
);
