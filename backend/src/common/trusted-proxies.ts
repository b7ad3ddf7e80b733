import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

export type TrustProxy = (address: string, hop: number) => boolean;

/** Fastify's trustProxy for TRUST_PROXY hops, also used for the requests Fastify never sees. */
export const trustProxyHops =
  (hops: number): TrustProxy =>
  (_address, hop) =>
    hop < hops;

/** The last value of a header a proxy may have appended to (as Fastify reads it). */
const lastEntry = (value: string) => value.slice(value.lastIndexOf(',') + 1).trim();

/**
 * What Fastify's request.ip, request.protocol and request.host would say, for a raw request that never
 * reaches Fastify (a WebSocket upgrade): the client's address, and `protocol://host` it addressed.
 */
export function describeRawRequest(req: IncomingMessage, trust: TrustProxy): { ip: string; addressedTo: string } {
  const throughTrustedProxy = req.socket.remoteAddress !== undefined && trust(req.socket.remoteAddress, 0);
  const forwarded = (name: 'x-forwarded-proto' | 'x-forwarded-host') => {
    const value = req.headers[name];
    return throughTrustedProxy && typeof value === 'string' && value ? lastEntry(value) : undefined;
  };
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const protocol = forwarded('x-forwarded-proto') ?? (encrypted ? 'https' : 'http');
  const host = forwarded('x-forwarded-host') ?? req.headers.host ?? '';
  return { ip: proxyAddr(req, trust), addressedTo: `${protocol}://${host}` };
}
