import type { JsonSchema, QueryStyle } from './json-schema.js';

type Node = Record<string, unknown>;

/** The names a parameter's key stands for (`created_at.before`, `metadata[key]`), and whether it ends in `[]`. */
function pathOf(key: string, style: QueryStyle): { path: string[]; list: boolean } {
  if (style === 'dots') return { path: key.split('.'), list: false };
  if (style === 'flat') return { path: [key], list: false };
  const list = key.endsWith('[]');
  const bare = list ? key.slice(0, -2) : key;
  const [head = '', ...rest] = bare.split('[');
  return { path: [head, ...rest.map((part) => part.replace(/\]$/, ''))], list };
}

/** The schema of the value at `path`, where the schema names one (a property, or a map's values). */
function schemaAt(schema: JsonSchema | undefined, path: readonly string[]): JsonSchema | undefined {
  // A query a supplement narrows is `allOf` the provider's own schema and the supplement: the first names its shape.
  let at = Array.isArray(schema?.allOf) ? (schema.allOf[0] as JsonSchema) : schema;
  for (const name of path) {
    const properties = at?.properties as Record<string, JsonSchema> | undefined;
    const values = at?.additionalProperties;
    at = properties?.[name] ?? (typeof values === 'object' ? (values as JsonSchema) : undefined);
  }
  return at;
}

const isList = (schema: JsonSchema | undefined): boolean =>
  schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.includes('array'));

/**
 * A query string as the object its schema describes, as the provider's server reads it: nested names split at dots
 * or brackets, a list split as the provider's client joins it (commas for `dots`, repeated `key[]` for
 * `brackets`, a repeated name for `flat`). Values stay text; the check coerces them to the types the schema names.
 */
export function queryObject(search: string, style: QueryStyle, schema: JsonSchema): Node {
  const out: Node = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const { path, list } = pathOf(key, style);
    const last = path.at(-1) ?? '';
    let node = out;
    for (const name of path.slice(0, -1)) {
      const next = node[name];
      node[name] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
      node = node[name] as Node;
    }
    const wantsList = isList(schemaAt(schema, path));
    const held = node[last];
    if (wantsList && style === 'dots') node[last] = value.split(',');
    else if (list || (wantsList && held !== undefined) || (style === 'flat' && held !== undefined))
      node[last] = [...(Array.isArray(held) ? held : held === undefined ? [] : [held]), value];
    else node[last] = value;
  }
  return out;
}
