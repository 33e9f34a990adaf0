import { standsInFor } from '../testing/definitions/checked-fetch.js';

/** Increase's sandbox as the scripted suites reach it, checked against Increase's definition (standsInFor). */
export const BASE_URL = 'https://sandbox.increase.com';
standsInFor(BASE_URL, 'increase');
export const API_KEY = 'secret_key_sandbox_do_not_log';
export const ACCOUNT_ID = 'account_in71c4amph0vgo2qllky';

/** Increase's error envelope (its SDK's src/core/error.ts): `{status, type, title, detail}` and the type's extras. */
export const errorBody = (status: number, type: string, title: string, extra: object = {}) => ({
  status,
  type,
  title,
  detail: null,
  ...extra,
});
