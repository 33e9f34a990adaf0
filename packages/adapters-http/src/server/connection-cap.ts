import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { REFUSALS, rawRefusal } from './refusals.js';
import { closeInStages } from './staged-close.js';

/**
 * Whose connection this is, for the cap: an IPv4 address (an IPv4-mapped one included) alone, an IPv6 address by
 * its /64, the block one subscriber is given, so that one client cannot spread over 2^64 addresses.
 */
function clientKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return String(address);
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/**
 * At most `perClient` connections open from one client (clientKey); one more is answered 429 in the envelope and
 * closed in stages, before it can hold anything. 0: no cap.
 */
export function capConnections(server: Server, perClient: number): void {
  if (perClient <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > perClient) return closeInStages(socket, rawRefusal(REFUSALS.tooManyConnections));
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
