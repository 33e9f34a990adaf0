// Elements built from text only (textContent, never innerHTML): nothing the API returns is parsed as markup.

/** `h('button', { type: 'button', onclick }, 'Approve')`: attributes, `on…` listeners, then children. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

export const button = (label, onclick, attributes = {}) =>
  h('button', { type: 'button', onclick, ...attributes }, label);

/** A table with a caption and header cells; `cells(row)` gives one row's cells (text or elements). */
export function table(caption, headers, rows, cells, rowAttributes = () => ({})) {
  if (rows.length === 0) return h('p', {}, `${caption}: none.`);
  return h(
    'table',
    {},
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        headers.map((header) => h('th', { scope: 'col' }, header)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((row) =>
        h(
          'tr',
          rowAttributes(row),
          cells(row).map((cell) => h('td', {}, cell)),
        ),
      ),
    ),
  );
}

/** Replaces a container's content. */
export function show(container, ...children) {
  container.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined));
}
