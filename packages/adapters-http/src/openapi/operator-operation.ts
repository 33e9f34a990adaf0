import type { JsonSchema } from '../schemas/schema-fault.js';
import type { ErrorStatus } from './error.responses.js';
import type { Operation } from './operation.js';

const CURSOR = 'AZWzxGoQfCGOTxorPE1eAQ';
export const pageOf = (item: unknown) => ({ success: true, data: [item], hasMore: true, nextCursor: CURSOR });
export const data = (value: unknown) => ({ success: true, data: value });
const READ: readonly ErrorStatus[] = [400, 401, 404, 503];
const WRITE: readonly ErrorStatus[] = [400, 401, 404, 413, 415, 503];

type Spec = Omit<Operation, 'method' | 'path' | 'tag' | 'security' | 'ok' | 'errors'> & {
  readonly ok: {
    readonly schema: JsonSchema;
    readonly example: unknown;
    readonly description?: string;
    readonly contentType?: string;
  };
  readonly status?: 200 | 201;
  readonly errors?: readonly ErrorStatus[];
};

/** An operation of the operator API (docs/product.md §8): under /v1/operator, scope `operator`. */
export const op = (method: Operation['method'], path: string, spec: Spec): Operation => ({
  ...spec,
  method,
  path: `/v1/operator${path}`,
  tag: 'Operator',
  security: 'bearer',
  ok: { status: spec.status ?? 200, description: spec.ok.description ?? 'Done', ...spec.ok },
  errors: spec.errors ?? (method === 'get' ? READ : WRITE),
});
