import type { Result } from '@payout/domain';
import type { Response } from 'express';
import { sendDomainError } from '../errors/error-envelope.js';

/** Sends a use case's value in the shape the route promises, or its error through the status table. */
export function respond<T>(
  res: Response,
  result: Result<T>,
  shape: (value: T) => unknown,
  status = 200,
): void {
  if (result.ok) res.status(status).json(shape(result.value));
  else sendDomainError(res, result.error);
}

export const successEnvelope = <T>(data: T) => ({ success: true as const, data });
