import { FAULT_KEYWORD, type JsonSchema } from '../schemas/schema-fault.js';

/** The validator's annotations are not part of the published schema. */
export function publish(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(publish) as unknown as JsonSchema;
  if (!schema || typeof schema !== 'object') return schema as JsonSchema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== FAULT_KEYWORD)
      .map(([key, value]) => [key, publish(value)]),
  );
}

/** `#/components/schemas/<name>`. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** `{success: true, data}` around a schema. */
export const success = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { success: { const: true }, data },
  required: ['success', 'data'],
});

/** A page of a list: `{success: true, data: [...], hasMore, nextCursor}`. */
export const page = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: {
    success: { const: true },
    data: { type: 'array', items: item },
    hasMore: { type: 'boolean' },
    nextCursor: {
      type: ['string', 'null'],
      description: 'Pass as `cursor` to get the next page; null on the last page.',
    },
  },
  required: ['success', 'data', 'hasMore', 'nextCursor'],
});
