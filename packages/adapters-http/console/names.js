// Merchants and entities shown by name, each read once per page (the operator API's merchant and entity reads),
// their ids kept reachable as the name's title.
import { api } from './api.js';
import { h } from './dom.js';

/** An entity has no name of its own: its external identifier (the merchant's id for it), else its email. */
export const entityLabel = (e) => e.externalIdentifier ?? e.email;

const names = new Map();
/** The name read at `path`, or null if it cannot be read (the id then stands in for it). */
const nameAt = (path, nameOf) => {
  if (!names.has(path))
    names.set(
      path,
      api('GET', path).then(
        ({ data }) => nameOf(data),
        () => null,
      ),
    );
  return names.get(path);
};

/** Rows of withdrawals with `merchantName` and `entityName` added. */
export const withNames = (rows) =>
  Promise.all(
    rows.map(async (row) => ({
      ...row,
      merchantName: await nameAt(`/v1/operator/merchants/${row.merchantId}`, (m) => m.name),
      entityName: row.entityId ? await nameAt(`/v1/operator/entities/${row.entityId}`, entityLabel) : null,
    })),
  );

/** A name with its id as title, or the id alone when there is no name. */
export const named = (name, id) => h('span', { title: id, 'data-id': id }, name ?? id);
