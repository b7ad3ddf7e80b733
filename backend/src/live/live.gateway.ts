import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { isUUID } from 'class-validator';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { WebSocket, WebSocketServer } from 'ws';
import {
  ClientMessageType,
  LIVE_HANDOVER,
  LIVE_MOVE,
  LIVE_PONG,
  LiveFeed,
  LiveCloseCode,
  LiveMove,
  LivePong,
  LiveRefusals,
  Messages,
  RECONNECT_NOW_CLOSE_CODE,
  RECONNECT_NOW_REASON,
  SESSION_ENDED_CLOSE_CODE,
  SessionRevocation,
} from '@memory-wall/contracts';
import { AppConfig, Metrics } from '@memory-wall/core';
import { Draining } from '../common/shutdown/draining';
import { sessionIdFromCookieHeader } from '../modules/auth/session-cookie';
import { Session, SessionStore } from '../modules/auth/session.store';
import { EventAccess } from '../modules/events/event-access';
import { PublishedEvents } from '../modules/events/published-events';
import { Heartbeat } from './heartbeat';
import { LiveAdmission } from './live-admission';
import { LiveJoinAccess } from './live-join-access';
import { LiveRegistry, RoomChanges } from './live-registry';
import { LiveSubscriber } from './live-subscriber';
import { SessionRevocations } from './session-revocations';

/** Clients only send small join messages. */
export const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;
const HEARTBEAT_MS = 30_000;
/** The heartbeat pings a thirtieth of the sockets each second. */
const HEARTBEAT_SLICES = 30;
const PONG_FRAME = JSON.stringify({ type: LIVE_PONG } satisfies LivePong);
const MOVE_FRAME = JSON.stringify({ type: LIVE_MOVE } satisfies LiveMove);
/** WebSocket's "internal error": not final, so clients reconnect later. */
const INTERNAL_ERROR_CLOSE_CODE = 1011;
/**
 * How long a shutting-down instance waits for its clients to answer its close frames; then Nest's
 * WebSocket adapter cuts whatever is left (a cut before the frame went out would look like a crash).
 */
const SEND_AWAY_WAIT_MS = 1000;

type LiveSocket = WebSocket & { session?: Session | null; sessionId?: string | null; joinKey?: string };

/**
 * /ws?eventId=… (or /ws then {"type":"join","eventId":…}). The session is read at upgrade: the event's
 * hosts (who may moderate it) join its hosts' feed; anyone else joins the public feed of a published event.
 * A socket on its feed is told the position it joined at ({"type":"joined",…}, see LiveJoined).
 * A socket is on one feed at a time (a new join leaves the last one) and may join LIVE_JOINS_PER_MINUTE
 * times a minute; upgrades are admitted by LiveAdmission.
 */
// No compression: live messages are small, and broadcasts send one prepared frame (see PreparedFrame).
@WebSocketGateway({ path: '/ws', maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false })
export class LiveGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  private readonly logger = new Logger(LiveGateway.name);
  private readonly sockets = new Set<LiveSocket>();
  private readonly heartbeat = new Heartbeat(HEARTBEAT_MS, HEARTBEAT_SLICES);
  private readonly joinAccess: LiveJoinAccess;
  private readonly joinsPerSocket: RateLimiterMemory;
  private joinKeys = 0;
  /** Sessions ended so far, as heard: a session read while one was heard is read again (see readSession). */
  private revocationsHeard = 0;
  /** Shutting down: every socket has been sent elsewhere, and any that still arrives is too. */
  private leaving = false;

  constructor(
    private readonly registry: LiveRegistry,
    private readonly events: PublishedEvents,
    private readonly access: EventAccess,
    private readonly sessions: SessionStore,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly subscriber: LiveSubscriber,
    private readonly admission: LiveAdmission,
    revocations: SessionRevocations,
    private readonly metrics: Metrics,
    draining: Draining,
  ) {
    draining.onStoppedAccepting(() => this.sendAway());
    metrics.watchOpenSockets(() => this.sockets.size);
    revocations.onRevoked((revocation) => this.closeRevoked(revocation));
    this.joinAccess = new LiveJoinAccess(events, access, config.LIVE_JOIN_CACHE_MS);
    this.joinsPerSocket = new RateLimiterMemory({ points: config.LIVE_JOINS_PER_MINUTE, duration: 60 });
  }

  /** Upgrades are decided before the handshake completes (the decorator's options cannot reach the config). */
  afterInit(server: WebSocketServer) {
    server.options.verifyClient = this.admission.verifyClient;
  }

  async handleConnection(socket: LiveSocket, request: IncomingMessage) {
    if (this.leaving) return socket.close(RECONNECT_NOW_CLOSE_CODE, RECONNECT_NOW_REASON);
    this.sockets.add(socket);
    this.heartbeat.add(socket);
    socket.sessionId = sessionIdFromCookieHeader(request.headers.cookie, this.config.SESSION_SECRET);
    socket.session = socket.sessionId ? await this.readSession(socket.sessionId) : null;
    const eventId = new URL(request.url ?? '/', 'http://localhost').searchParams.get('eventId');
    if (eventId) await this.join(socket, eventId);
  }

  /**
   * A socket's session. A session that ended while it was being read may have been read before it was
   * deleted, and its revocation found no socket holding it yet: then it is read again (the store deletes a
   * session before announcing its end, so the second read sees it gone).
   */
  private async readSession(sessionId: string) {
    let heard: number;
    let session: Session | null;
    do {
      heard = this.revocationsHeard;
      session = await this.sessions.get(sessionId);
    } while (heard !== this.revocationsHeard);
    return session;
  }

  handleDisconnect(socket: LiveSocket) {
    this.sockets.delete(socket);
    this.heartbeat.remove(socket);
    this.followViewers({ emptied: this.registry.leave(socket) });
    if (socket.joinKey) void this.joinsPerSocket.delete(socket.joinKey);
  }

  @SubscribeMessage(ClientMessageType.Join)
  async onJoin(@ConnectedSocket() socket: LiveSocket, @MessageBody() body: { eventId?: unknown }) {
    await this.join(socket, body?.eventId);
  }

  /** A client checking that its connection still carries data (see ClientMessageType): a text frame back. */
  @SubscribeMessage(ClientMessageType.Ping)
  onPing(@ConnectedSocket() socket: LiveSocket) {
    if (socket.readyState === socket.OPEN) socket.send(PONG_FRAME);
  }

  private async join(socket: LiveSocket, eventId: unknown) {
    socket.joinKey ??= String(++this.joinKeys);
    const withinRate = await this.joinsPerSocket.consume(socket.joinKey).then(
      () => true,
      () => false,
    );
    if (!withinRate) {
      socket.close(LiveCloseCode.TooManyJoins, LiveRefusals.tooManyJoins);
      return;
    }
    if (typeof eventId !== 'string' || !isUUID(eventId)) {
      socket.close(LiveCloseCode.EventNotFound, Messages.eventNotFound);
      return;
    }
    const decision = await this.joinAccess.decide(socket.session, socket.sessionId, eventId).catch((err: Error) => {
      this.logger.error(`a join could not be decided: ${err.message}`);
      return { refused: { code: INTERNAL_ERROR_CLOSE_CODE, reason: LiveRefusals.unavailable } };
    });
    if ('refused' in decision) {
      socket.close(decision.refused.code, decision.refused.reason);
      return;
    }
    const { hosts } = decision;
    if (socket.readyState !== socket.OPEN) return;
    const room = { eventId, hosts };
    this.followViewers(this.registry.join(socket, room));
    this.metrics.liveJoins.inc({ feed: hosts ? LiveFeed.Hosts : LiveFeed.Public });
    this.subscriber.welcome(socket, room);
  }

  /** This instance follows the feed of every room it has a viewer in, and no other (but for watched walls). */
  private followViewers({ opened, emptied }: RoomChanges) {
    if (emptied) this.subscriber.onLastViewer(emptied);
    if (opened) this.subscriber.onFirstViewer(opened);
  }

  /** A session ended: its sockets close at once; reconnecting, they are public viewers. */
  private closeRevoked({ userId, sessionId }: SessionRevocation) {
    this.revocationsHeard++;
    for (const socket of this.sockets) {
      if (socket.session?.userId !== userId || (sessionId && socket.sessionId !== sessionId)) continue;
      socket.session = null;
      socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
    }
  }

  /**
   * The instance is shutting down and accepts no more connections. Each socket is asked to move (LIVE_MOVE)
   * while its feed goes on here: its client opens a socket to another instance and closes this one once the
   * new one carries the feed, so no screen is ever off its feed. A socket still here after the handover's
   * wait (a client that does not know LIVE_MOVE, or could not reach another instance) is told to reconnect at
   * once (RECONNECT_NOW_CLOSE_CODE) rather than dropped with the process: a client backs off after an
   * unexplained drop. Resolves once every socket closed, or SEND_AWAY_WAIT_MS after the last close frames.
   */
  private async sendAway() {
    this.leaving = true;
    const closed = (socket: LiveSocket) =>
      new Promise<void>((resolve) =>
        socket.readyState === socket.CLOSED ? resolve() : socket.once('close', () => resolve()),
      );
    const moving = [...this.sockets];
    this.logger.log(`asking ${moving.length} live sockets to move to another instance`);
    for (const socket of moving) if (socket.readyState === socket.OPEN) socket.send(MOVE_FRAME);
    await Promise.race([Promise.all(moving.map(closed)), sleep(LIVE_HANDOVER.serverWaitMs, undefined, { ref: false })]);
    const staying = [...this.sockets];
    if (staying.length) this.logger.log(`sending ${staying.length} live sockets that did not move elsewhere`);
    for (const socket of staying) socket.close(RECONNECT_NOW_CLOSE_CODE, RECONNECT_NOW_REASON);
    await Promise.race([Promise.all(staying.map(closed)), sleep(SEND_AWAY_WAIT_MS, undefined, { ref: false })]);
  }

  onModuleDestroy() {
    this.heartbeat.stop();
  }
}
