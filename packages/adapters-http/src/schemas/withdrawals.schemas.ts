import { type RequestField, WITHDRAWAL_REQUEST_FIELDS } from '@payout/domain';
import { fault, forbidden, type JsonSchema, object, uuidParam } from './schema-fault.js';

/** What the OpenAPI document adds to a field's rule for its readers. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  amount: 'Dollars, greater than 0, at most two decimal places.',
  routingType: 'Only needed to request RTP; ignored for card accounts.',
  mfaCode: 'Not supported: a request that sends it is refused with 400 MFA_NOT_SUPPORTED.',
  transactionType: '`payout` in any letter case selects the PAYMENT (payment-link) flow.',
};

/** A field's rule as JSON Schema, refused with the field's own error (`x-fault`). */
function propertySchema(name: string, { rule, code, message }: RequestField): JsonSchema {
  const description = DESCRIPTIONS[name] === undefined ? {} : { description: DESCRIPTIONS[name] };
  switch (rule.kind) {
    case 'exactly':
      return { type: 'string', const: rule.value, ...description, ...fault(name, message, code) };
    case 'uuid':
      return { ...uuidParam(name, message, code), ...description };
    case 'amount':
      // A double only bounds the amount; the domain reads the literal's digits (JsonNumber) and its size.
      return {
        type: 'number',
        exclusiveMinimum: 0,
        multipleOf: 0.01,
        ...description,
        ...fault(name, message, code),
      };
    case 'one-of':
      return { type: 'string', enum: [...rule.values], ...description, ...fault(name, message, code) };
    case 'absent':
      return { ...forbidden(name, message, code), ...description };
    case 'text':
      return {
        type: ['string', 'null'],
        maxLength: rule.maxLength,
        ...description,
        ...fault(name, message, code),
      };
  }
}

/** The schema of the endpoint's fields that travel `where`, in the domain's check order. */
function schemaOf(where: RequestField['in']): JsonSchema {
  const fields = Object.entries(WITHDRAWAL_REQUEST_FIELDS).filter(([, field]) => field.in === where);
  return object(
    Object.fromEntries(fields.map(([name, field]) => [name, propertySchema(name, field)])),
    fields.filter(([, field]) => field.required).map(([name]) => name),
  );
}

/** Endpoint 1, generated from the domain's fields (WITHDRAWAL_REQUEST_FIELDS): the first failing one is reported. */
export const withdrawalParamsSchema: JsonSchema = schemaOf('path');

export const withdrawalBodySchema: JsonSchema = schemaOf('body');
