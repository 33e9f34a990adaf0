import type { DefinitionProblem, ProviderName } from './provider-definition.js';

/** An answer as a provider gives it: its HTTP status and JSON body. */
export interface ProviderAnswer {
  readonly status: number;
  readonly body: object;
}

const DEBUG_ID = 'f1e2d3c4b5a69';

/** PayPal's issue names (its error_400 details), by problem. */
const PAYPAL_ISSUES: Readonly<Record<DefinitionProblem['issue'], string>> = {
  missing: 'MISSING_REQUIRED_PARAMETER',
  unknown: 'INVALID_PARAMETER_SYNTAX',
  invalid: 'INVALID_PARAMETER_VALUE',
  malformed: 'MALFORMED_REQUEST_JSON',
};

/**
 * How each provider refuses a request its definition does not accept, in the error shape it documents: Increase's
 * `invalid_parameters_error` (its SDK's core/error.ts), Modern Treasury's `{errors: {code, message, parameter}}`,
 * PayPal's `INVALID_REQUEST` with JSON-pointer `details` (payments_payouts_batch_v1 `error_400`), Wise's
 * `{errors: [{code, message, path, arguments}]}` (guides/developer/errors). No value of the request is echoed.
 */
export const REFUSALS: Readonly<
  Record<ProviderName, (problems: readonly DefinitionProblem[]) => ProviderAnswer>
> = {
  increase: (problems) =>
    problems.some((p) => p.issue === 'malformed')
      ? {
          status: 400,
          body: { status: 400, type: 'malformed_request_error', title: 'Malformed request.', detail: null },
        }
      : {
          status: 400,
          body: {
            status: 400,
            type: 'invalid_parameters_error',
            title: 'Invalid parameters.',
            detail: 'There was an issue with the following parameters.',
            errors: problems.map((p) => ({ field: p.field, message: p.message })),
          },
        },
  modern_treasury: ([first]) => ({
    status: 422,
    body: {
      errors: {
        code: first?.issue === 'missing' ? 'parameter_missing' : 'parameter_invalid',
        message: first?.message ?? 'The request is not valid',
        parameter: first?.field ?? '',
      },
    },
  }),
  paypal: (problems) => ({
    status: 400,
    body: {
      name: 'INVALID_REQUEST',
      message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
      debug_id: DEBUG_ID,
      details: problems.map((p) => ({
        field: `/${p.field.replaceAll('.', '/')}`,
        location: p.location ?? 'body',
        issue: PAYPAL_ISSUES[p.issue],
        description: p.message,
      })),
    },
  }),
  wise: (problems) => ({
    status: 400,
    body: {
      errors: problems.map((p) => ({
        code: p.issue === 'missing' ? 'NotNull' : 'ERROR',
        message: p.issue === 'missing' ? 'must not be null' : p.message,
        path: p.field,
        arguments: [p.field],
      })),
    },
  }),
};
