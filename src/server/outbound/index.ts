export { createOutboundClient, type OutboundClient, type OutboundResponse } from './client.js';
export { OutboundFailed, OutboundRefused, checkTarget, isAllowListed, type Resolver } from './guard.js';
export { blockedReason } from './address.js';
