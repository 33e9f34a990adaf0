/**
 * NACHA return codes of a credit entry that say the account as stored cannot receive ACH at all, now or again: it
 * is closed (R02), unknown (R03), its number invalid (R04), sold to another bank (R12), its routing number invalid
 * (R13, R28), its holder or payee deceased (R14, R15), or not a transaction account (R20). A return with one marks
 * the linked account unusable until an operator reinstates it. Codes that may pass (insufficient funds, a frozen
 * account, a refusal by the receiver, a stop) do not. Increase and Modern Treasury give these codes alike.
 */
const ACH_ACCOUNT_CANNOT_RECEIVE: ReadonlySet<string> = new Set([
  'R02',
  'R03',
  'R04',
  'R12',
  'R13',
  'R14',
  'R15',
  'R20',
  'R28',
]);

/** `{ accountUnusable: true }` when the return `code` says the account cannot receive, else nothing. */
export const achAccountFacts = (code: string | undefined): { accountUnusable?: true } =>
  code !== undefined && ACH_ACCOUNT_CANNOT_RECEIVE.has(code.toUpperCase()) ? { accountUnusable: true } : {};
