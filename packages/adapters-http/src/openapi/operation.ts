import type { JsonSchema } from '../schemas/schema-fault.js';
import { type ErrorStatus, errorResponseRef } from './error.responses.js';
import { publish } from './publish.js';

export type Tag =
  | 'Withdrawals'
  | 'Linked accounts'
  | 'Transactions'
  | 'Wallets'
  | 'Webhooks'
  | 'Operator'
  | 'Providers'
  | 'Health';

/** One operation of the document, described with the very schemas the validator compiles. */
export interface Operation {
  readonly operationId: string;
  readonly method: 'get' | 'post' | 'put' | 'patch';
  /** OpenAPI's form: `{name}` for a path parameter. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: Tag;
  readonly security: 'bearer' | 'optional' | 'none';
  readonly params?: JsonSchema;
  /** A valid value per path parameter, for "Try it out" and the generated examples. */
  readonly paramExamples?: Readonly<Record<string, string>>;
  readonly query?: JsonSchema;
  /** The JSON request body and an example the API accepts. */
  readonly body?: { readonly schema: JsonSchema; readonly example: unknown };
  readonly ok: {
    readonly status: 200 | 201;
    readonly description: string;
    readonly schema: JsonSchema;
    readonly example: unknown;
    /** `application/json` unless said. */
    readonly contentType?: string;
  };
  readonly errors: readonly ErrorStatus[];
  /** Responses of another shape than the error envelope (a 503 of /readyz). */
  readonly otherResponses?: Readonly<Record<number, unknown>>;
}

function parameters(op: Operation): unknown[] {
  const of = (where: 'path' | 'query', schema: JsonSchema | undefined) => {
    const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema?.required ?? []) as string[]);
    return Object.entries(properties).map(([name, s]) => {
      const example = where === 'path' ? op.paramExamples?.[name] : undefined;
      return {
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: publish(s),
        ...(example === undefined ? {} : { example }),
      };
    });
  };
  return [...of('path', op.params), ...of('query', op.query)];
}

const SECURITY = { bearer: [{ bearer: [] }], optional: [{ bearer: [] }, {}], none: [] } as const;

/** The operation object under `paths[path][method]`. */
export function operationObject(op: Operation): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    [op.ok.status]: {
      description: op.ok.description,
      content: {
        [op.ok.contentType ?? 'application/json']: { schema: op.ok.schema, example: op.ok.example },
      },
    },
  };
  for (const status of op.errors) responses[status] = errorResponseRef(status);
  Object.assign(responses, op.otherResponses);
  const bodyRequired = ((op.body?.schema.required ?? []) as string[]).length > 0;
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: SECURITY[op.security],
    ...(parameters(op).length > 0 ? { parameters: parameters(op) } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: bodyRequired,
            content: { 'application/json': { schema: publish(op.body.schema), example: op.body.example } },
          },
        }
      : {}),
    responses,
  };
}
