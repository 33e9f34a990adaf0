// What every section shares: the status line, operator actions, paged lists, labelled fields, signing out.
import { ApiError, api, session } from './api.js';
import { button, h, show } from './dom.js';

export const $ = (id) => document.getElementById(id);
const say = (text) => {
  $('status').textContent = text;
};

/** Runs one operator action, reporting it in the status line; a refusal names the API's code and message. */
export async function act(label, work) {
  say(`${label}…`);
  try {
    const done = await work();
    say(done ?? `${label}: done.`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      signOut('The token was refused (401): sign in again.');
    else say(`${label} failed: ${error.message}`);
  }
}

/** A list that grows by its `nextCursor` when "More" is pressed; `enrich` adds to a page's rows before they show. */
export function pagedList(container, path, query, render, enrich = async (rows) => rows) {
  const rows = [];
  const load = async (cursor) => {
    const page = await api('GET', path, { query: { ...query, cursor } });
    rows.push(...(await enrich(page.data)));
    const more = page.hasMore ? button('More', () => act('Loading more', () => load(page.nextCursor))) : null;
    show(container, render(rows), more);
  };
  return load();
}

export const labelled = (id, label, attributes = {}) => [
  h('label', { for: id }, label),
  h('input', { id, autocomplete: 'off', ...attributes }),
];

export function signedIn(yes) {
  $('sign-in').hidden = yes;
  $('signed-in').hidden = !yes;
  $('nav').hidden = !yes;
}

export function signOut(message) {
  session.signOut();
  signedIn(false);
  say(message);
  $('token').focus();
}
