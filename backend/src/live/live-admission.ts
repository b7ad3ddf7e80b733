import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { AuthMessages, LiveRefusals } from '@memory-wall/contracts';
import { AppConfig } from '@memory-wall/core';
import { OwnOrigins } from '../common/origin-check';
import { describeRawRequest, TrustProxy, trustProxyHops } from '../common/trusted-proxies';

type Verdict = (admit: boolean, status?: number, message?: string, headers?: OutgoingHttpHeaders) => void;

/**
 * Decides, before the WebSocket handshake completes, whether an upgrade to /ws may proceed (ws's
 * verifyClient: a refusal is a plain HTTP answer, so no socket ever exists).
 *
 * - A browser page of another origin is refused (403): the browser would send the visitor's session cookie
 *   with it, and the hosts' feed would be read by a foreign page (cross-site WebSocket hijacking). Browsers
 *   always send Origin on an upgrade; one without Origin is no browser page (a venue screen's kiosk
 *   client, a load test, curl) and carries only the cookies its owner gave it, so it passes.
 * - A client address holding LIVE_CONNECTIONS_PER_ADDRESS open sockets on this instance is refused (429).
 *   Counted per instance: a connection lives on one instance, and the count needs no Redis round trip.
 */
@Injectable()
export class LiveAdmission {
  private readonly origins: OwnOrigins;
  private readonly trust: TrustProxy;
  private readonly openByAddress = new Map<string, number>();

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    this.origins = new OwnOrigins(config);
    this.trust = trustProxyHops(config.TRUST_PROXY);
  }

  readonly verifyClient = (info: { origin?: string; req: IncomingMessage }, verdict: Verdict) => {
    const { ip, addressedTo } = describeRawRequest(info.req, this.trust);
    if (info.origin !== undefined && !this.origins.includes(info.origin, addressedTo)) {
      return verdict(false, 403, AuthMessages.foreignOrigin);
    }
    const open = this.openByAddress.get(ip) ?? 0;
    if (open >= this.config.LIVE_CONNECTIONS_PER_ADDRESS) return verdict(false, 429, LiveRefusals.tooManyConnections);
    // Counted until the TCP connection ends, whatever happens to the handshake after this.
    this.openByAddress.set(ip, open + 1);
    info.req.socket.once('close', () => this.release(ip));
    verdict(true);
  };

  private release(ip: string) {
    const open = (this.openByAddress.get(ip) ?? 1) - 1;
    if (open > 0) this.openByAddress.set(ip, open);
    else this.openByAddress.delete(ip);
  }
}
