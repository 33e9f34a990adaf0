// The valid link bodies live with the domain's test helpers so every layer exercises the same data.
export { LINK_BODIES } from '@payout/domain/testing';
