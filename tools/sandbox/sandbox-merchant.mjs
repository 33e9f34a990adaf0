// The sandbox merchant: the one merchant `npm run sandbox`, `listen` and `trigger` share on a service, found again
// by its name through the operator API, so the three commands agree without a file or an id to copy.
import { MAX_PAGE_LIMIT } from '@payout/domain';

export const SANDBOX_MERCHANT_NAME = 'Sandbox Merchant';

/** The newest merchant named SANDBOX_MERCHANT_NAME, or null when the service has none. */
async function findSandboxMerchant(api, operator) {
  let cursor;
  do {
    const page = await api.merchants(operator, {
      limit: String(MAX_PAGE_LIMIT),
      ...(cursor ? { cursor } : {}),
    });
    const found = page.data.find((m) => m.name === SANDBOX_MERCHANT_NAME);
    if (found) return api.merchant(operator, found.id);
    cursor = page.hasMore ? page.nextCursor : undefined;
  } while (cursor);
  return null;
}

/**
 * `merchantId`'s merchant when one is named (ApiRefused 404 when it does not exist), else the sandbox merchant,
 * created on first use. `created` says whether this call made it.
 */
export async function sandboxMerchant(api, operator, merchantId) {
  if (merchantId) return { merchant: await api.merchant(operator, merchantId), created: false };
  const found = await findSandboxMerchant(api, operator);
  if (found) return { merchant: found, created: false };
  return { merchant: await api.createMerchant(operator, { name: SANDBOX_MERCHANT_NAME }), created: true };
}
