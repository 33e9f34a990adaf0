import type { OutboundUrlPolicy } from '../ports/outbound-url-policy.port.js';

/** Allows every URL: for tests of what happens after registration (which URLs are refused is the adapter's rule). */
export const OPEN_OUTBOUND_URLS: OutboundUrlPolicy = { refusal: async () => null };
