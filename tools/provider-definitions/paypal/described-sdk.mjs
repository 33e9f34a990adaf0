// @paypal/paypal-server-sdk declares its models with @apimatic/schema's combinators (models/*.ts: each field's
// wire name, its name in TypeScript and its schema). Those schema objects cannot be walked: `optional`, `array` and
// `lazy` keep what they wrap in closures and show only a `type()` string. So the SDK's own compiled modules are run
// here with describing combinators in place of @apimatic/schema's: the same calls then build the tree as data.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { compileFunction } from 'node:vm';

/**
 * What each combinator the SDK's models call says of a value on the wire (@apimatic/schema's src/types): `object`
 * takes fields it does not name and drops them; `stringEnum(values, true)` takes any string.
 */
const DESCRIBING = {
  string: () => ({ kind: 'string' }),
  number: () => ({ kind: 'number' }),
  boolean: () => ({ kind: 'boolean' }),
  optional: (of) => ({ kind: 'optional', of }),
  array: (of) => ({ kind: 'array', of }),
  lazy: (thunk) => {
    let target;
    return { kind: 'lazy', target: () => (target ??= thunk()) };
  },
  object: (fields) => ({ kind: 'object', fields }),
  stringEnum: (values, allowForUnknownProps = false) => ({
    kind: 'enum',
    values: Object.values(values),
    open: allowForUnknownProps,
  }),
};

/** @apimatic/schema's exports, each the describing one or, where none is written, one that says so when called. */
function describingSchemaModule(sdkMain) {
  const real = createRequire(sdkMain)('@apimatic/schema');
  return Object.fromEntries(
    Object.keys(real).map((name) => [
      name,
      DESCRIBING[name] ??
        (() => {
          throw new Error(
            `the PayPal SDK calls @apimatic/schema's ${name}, which described-sdk.mjs does not describe`,
          );
        }),
    ]),
  );
}

/**
 * A loader of the SDK's CommonJS modules (`dist/cjs`) that gives them the describing @apimatic/schema and loads
 * every other package as Node does; its own module cache, so nothing else in the process sees a described module.
 * `names` names each object schema a module exports (`moneySchema`) as the SDK names its type (`Money`).
 */
export function describedSdk(sdkMain) {
  const schemaModule = describingSchemaModule(sdkMain);
  const modules = new Map();
  const load = (file) => {
    const cached = modules.get(file);
    if (cached) return cached.exports;
    const module = { exports: {} };
    modules.set(file, module);
    const requireReal = createRequire(file);
    const require = (specifier) => {
      if (specifier === '@apimatic/schema') return schemaModule;
      return specifier.startsWith('.') ? load(resolve(dirname(file), specifier)) : requireReal(specifier);
    };
    const body = compileFunction(readFileSync(file, 'utf8'), ['exports', 'require', 'module'], {
      filename: file,
    });
    body(module.exports, require, module);
    return module.exports;
  };
  const names = () => {
    const named = new Map();
    for (const { exports } of modules.values())
      for (const [key, value] of Object.entries(exports))
        if (key.endsWith('Schema') && (value?.kind === 'object' || value?.kind === 'lazy'))
          named.set(value, key[0].toUpperCase() + key.slice(1, -'Schema'.length));
    return named;
  };
  return { load, names };
}

/**
 * JSON Schema of described schemas: each named one once in `definitions`, referred to by `#/definitions/Name`.
 * A field is required unless its schema is `optional` (@apimatic/schema's `isOptionalOrNullableType`). The types
 * are the ones the combinators declare; the SDK's reader also takes a numeric string for a number and null for an
 * optional field, a tolerance of its own and not a shape PayPal is documented to send.
 */
export function jsonSchemas(names) {
  const definitions = {};
  const schemaOf = (node) => {
    const name = names.get(node);
    if (!name) return shapeOf(node);
    if (!(name in definitions)) {
      definitions[name] = {};
      definitions[name] = shapeOf(node);
    }
    return { $ref: `#/definitions/${name}` };
  };
  const shapeOf = (node) => {
    switch (node.kind) {
      case 'string':
      case 'number':
      case 'boolean':
        return { type: node.kind };
      case 'enum':
        return node.open ? { type: 'string' } : { type: 'string', enum: node.values };
      case 'array':
        return { type: 'array', items: schemaOf(node.of) };
      case 'lazy':
        return schemaOf(node.target());
      case 'object': {
        const fields = Object.values(node.fields).map(([wire, field]) => [wire, fieldOf(field)]);
        const required = fields.filter(([, field]) => field.required).map(([wire]) => wire);
        return {
          type: 'object',
          properties: Object.fromEntries(fields.map(([wire, field]) => [wire, field.schema])),
          ...(required.length > 0 ? { required } : {}),
        };
      }
      default:
        throw new Error(`a described ${node.kind} schema outside an object's field`);
    }
  };
  const fieldOf = (node) =>
    node.kind === 'optional'
      ? { required: false, schema: schemaOf(node.of) }
      : { required: true, schema: schemaOf(node) };
  return { schemaOf, fieldOf, definitions };
}
