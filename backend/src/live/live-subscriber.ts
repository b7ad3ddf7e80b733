import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { once } from 'node:events';
import type { WebSocket } from 'ws';
import { LIVE_JOINED, LiveFeed, LiveJoined } from '@memory-wall/contracts';
import { AppConfig, createRedis, Metrics, REDIS, RedisClient, RedisKeys } from '@memory-wall/core';
import { LiveRegistry } from './live-registry';
import { LiveRoom, roomKey } from './live-room';
import { publishedAt } from './published-at';

/** Live messages start with their sequence number: {"seq":12,... */
const SEQ = /^\{"seq":(\d+),/;
const seqOf = (message: Buffer | string) => Number(SEQ.exec(message.toString('utf8', 0, 32))?.[1] ?? NaN);

/** How long a gap fill after a reconnect waits for the command connection to be back too. */
const COMMANDS_BACK_MS = 30_000;

/**
 * The joined answer as text. Every live frame must be a text frame: `ws` sends a Buffer as a binary frame,
 * which a browser hands over as a Blob that the page cannot read as a message.
 */
function joinedFrame(room: LiveRoom, seq: number | undefined): string {
  const joined: LiveJoined = {
    type: LIVE_JOINED,
    eventId: room.eventId,
    feed: room.hosts ? LiveFeed.Hosts : LiveFeed.Public,
    seq: seq ?? null,
  };
  return JSON.stringify(joined);
}

/**
 * How a subscriber connection follows channels: plain pub/sub on a single Redis; sharded pub/sub on a Redis
 * Cluster, each event's channels on the shard that holds its keys (the cluster client keeps one subscriber
 * per master and moves them after a failover, then says 'subscribersReady').
 */
const PUB_SUB = {
  plain: { subscribe: 'subscribe', unsubscribe: 'unsubscribe', message: 'messageBuffer', resubscribed: 'ready' },
  sharded: {
    subscribe: 'ssubscribe',
    unsubscribe: 'sunsubscribe',
    message: 'smessageBuffer',
    resubscribed: 'subscribersReady',
  },
} as const;

interface RoomFeed {
  room: LiveRoom;
  /** Followed for the public wall's cache until then, viewers or not (epoch ms). */
  watchedUntil?: number;
  /** The last sequence number handed to the room's sockets. */
  lastSeq?: number;
  /** Deliveries to one room happen one after another, in sequence order. */
  queue: Promise<void>;
}

/** Told of each message this instance hands to a room's sockets, in the feed's order, once each. */
export type DeliveryListener = (room: LiveRoom, seq: number, message: Buffer) => void;

/**
 * The fan-out across API instances: subscribes to a room's Redis channel while this instance has a
 * viewer in that room (or served its public wall lately: see watch), and hands every message, as
 * received, to the room's local sockets.
 *
 * Pub/sub forgets what a subscriber missed (a dropped connection, a killed client). Each feed also keeps
 * its recent messages in a Redis list, so a gap in the sequence, or a reconnect, is filled from there:
 * each socket gets every message once, in order. On a Redis Cluster the same holds across a failover: the
 * promoted replica has the log, and the subscription moves to it.
 */
@Injectable()
export class LiveSubscriber implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(LiveSubscriber.name);
  private readonly subscriber: RedisClient;
  private readonly pubSub: (typeof PUB_SUB)[keyof typeof PUB_SUB];
  private readonly feeds = new Map<string, RoomFeed>();
  private readonly listeners: DeliveryListener[] = [];
  private connectedBefore = false;
  /** How long a room's feed is followed after its public wall was last read, without a local viewer. */
  private readonly watchMs: number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly registry: LiveRegistry,
    private readonly metrics: Metrics,
  ) {
    // A subscriber must queue its SUBSCRIBEs while reconnecting; ioredis re-subscribes after a reconnect.
    // Named, so operators (and the fault tests) can tell this connection apart in CLIENT LIST.
    this.subscriber = createRedis(config, {
      name: `${config.REDIS_PREFIX}-live-subscriber-${process.pid}`,
      shardedSubscribers: keys.cluster,
    });
    this.pubSub = keys.cluster ? PUB_SUB.sharded : PUB_SUB.plain;
    this.subscriber.on('error', (err: Error) => this.logger.warn(`subscriber: ${err.message}`));
    metrics.watchRedis('live-subscriber', this.subscriber);
    this.watchMs = config.WALL_WATCH_MS;
    this.sweeper = setInterval(() => this.sweepWatched(), this.watchMs / 2).unref();
  }

  onModuleInit() {
    this.subscriber.on(this.pubSub.message, (channel: Buffer, message: Buffer) => {
      const room = this.keys.parseLiveChannel(channel.toString());
      if (room) this.enqueue(room, (feed) => this.deliver(feed, message));
    });
    // The connection may be up already (it connects from the constructor): then a 'ready' is a reconnect.
    // On a cluster, 'subscribersReady' follows every change of its subscribers (a failover among them), and
    // following every feed again then is harmless.
    this.connectedBefore = this.keys.cluster || this.subscriber.status === 'ready';
    this.subscriber.on(this.pubSub.resubscribed, () => {
      // After a reconnect: subscribe again first (ioredis does too, but does not wait for it), then fill the gap.
      if (this.connectedBefore)
        for (const { room } of this.feeds.values()) this.enqueue(room, (feed) => this.resubscribe(feed));
      this.connectedBefore = true;
    });
  }

  private enqueue(room: LiveRoom, work: (feed: RoomFeed) => Promise<void>) {
    const feed = this.feeds.get(roomKey(room));
    if (!feed) return;
    feed.queue = feed.queue
      .then(() => work(feed))
      .catch((err: Error) => this.logger.warn(`live delivery ${roomKey(room)}: ${err.message}`));
  }

  private async deliver(feed: RoomFeed, message: Buffer) {
    const seq = seqOf(message);
    if (feed.lastSeq !== undefined) {
      if (seq <= feed.lastSeq) return; // already delivered from the log
      if (seq > feed.lastSeq + 1) await this.fillFromLog(feed, seq);
    }
    this.send(feed, message, seq);
    this.metrics.liveBroadcastLag.observe((Date.now() - publishedAt(message)) / 1000);
  }

  /** Sends what the log holds after the last delivered message (and before `until`, when given). */
  private async fillFromLog(feed: RoomFeed, until = Infinity) {
    if (feed.lastSeq === undefined) return;
    const log = await this.redis.lrangeBuffer(this.keys.liveLog(feed.room.eventId, feed.room.hosts), 0, -1);
    let filled = 0;
    for (const message of log) {
      const seq = seqOf(message);
      if (seq > feed.lastSeq && seq < until) {
        this.send(feed, message, seq);
        filled++;
      }
    }
    if (filled) {
      this.metrics.liveGapFills.inc();
      this.metrics.liveGapFillMessages.inc(filled);
    }
  }

  private send(feed: RoomFeed, message: Buffer, seq: number) {
    this.registry.broadcast(feed.room, message);
    if (!Number.isFinite(seq)) return;
    feed.lastSeq = seq;
    for (const listener of this.listeners) listener(feed.room, seq, message);
  }

  /** Adds a listener to the messages delivered (the public wall's cache follows its feeds so). */
  onDelivery(listener: DeliveryListener) {
    this.listeners.push(listener);
  }

  private async resubscribe(feed: RoomFeed) {
    await this.subscribe(feed.room);
    // The command connection fails fast while Redis is away, and may come back after this one.
    if (this.redis.status !== 'ready')
      await once(this.redis, 'ready', { signal: AbortSignal.timeout(COMMANDS_BACK_MS) });
    if (feed.lastSeq !== undefined && (await this.currentSeq(feed.room)) < feed.lastSeq) {
      // Redis came back empty, so the feed numbers from 1 again: its sockets start over and catch up.
      feed.lastSeq = 0;
      this.registry.broadcast(feed.room, Buffer.from(joinedFrame(feed.room, 0)));
    }
    await this.fillFromLog(feed);
  }

  private async currentSeq(room: LiveRoom) {
    return Number(
      (await this.redis.get(
        room.hosts ? this.keys.hostLiveSequence(room.eventId) : this.keys.liveSequence(room.eventId),
      )) ?? 0,
    );
  }

  private async subscribe(room: LiveRoom) {
    await this.subscriber[this.pubSub.subscribe](this.channelOf(room));
  }

  private channelOf(room: LiveRoom) {
    return room.hosts ? this.keys.hostLiveChannel(room.eventId) : this.keys.liveChannel(room.eventId);
  }

  /**
   * Tells a socket that joined `room` where its feed stands. Queued behind the deliveries under way, so
   * every message after the position it is told reaches it.
   */
  welcome(socket: WebSocket, room: LiveRoom) {
    this.enqueue(room, async (feed) => {
      if (socket.readyState === socket.OPEN) socket.send(joinedFrame(room, feed.lastSeq));
    });
  }

  /**
   * The last sequence number this instance delivered in `room`, when it follows the room's feed and its
   * subscription is up: every change up to it is stored. A lower bound of the feed's position, as
   * messages are on their way; undefined when unknown.
   */
  position(room: LiveRoom): number | undefined {
    if (this.subscriber.status !== 'ready') return undefined;
    return this.feeds.get(roomKey(room))?.lastSeq;
  }

  /** position(room) when known, else the feed's position read from Redis; null without Redis. */
  async currentPosition(room: LiveRoom): Promise<number | null> {
    const known = this.position(room);
    if (known !== undefined) return known;
    try {
      return await this.currentSeq(room);
    } catch (err) {
      this.logger.warn(`live position of ${roomKey(room)} unavailable: ${(err as Error).message}`);
      return null;
    }
  }

  /** Follows `room`'s feed for WALL_WATCH_MS from now, so its position stays known without a viewer. */
  watch(room: LiveRoom) {
    this.follow(room).watchedUntil = Date.now() + this.watchMs;
  }

  private sweepWatched() {
    const now = Date.now();
    for (const feed of this.feeds.values()) {
      if (feed.watchedUntil === undefined || feed.watchedUntil > now) continue;
      feed.watchedUntil = undefined;
      if (this.registry.viewers(feed.room) === 0) this.unfollow(feed.room);
    }
  }

  /** The room got its first local viewer (the gateway tells, from LiveRegistry.join). */
  onFirstViewer(room: LiveRoom) {
    this.follow(room);
  }

  /** The room lost its last local viewer: its feed is left unless its wall is watched. */
  onLastViewer(room: LiveRoom) {
    const watchedUntil = this.feeds.get(roomKey(room))?.watchedUntil;
    if (watchedUntil === undefined || watchedUntil <= Date.now()) this.unfollow(room);
  }

  /**
   * Learns where the feed stands before subscribing, so even the first message is checked for a gap:
   * whatever is published between the two is filled from the log.
   */
  private follow(room: LiveRoom): RoomFeed {
    const key = roomKey(room);
    const existing = this.feeds.get(key);
    if (existing) return existing;
    const created: RoomFeed = { room, queue: Promise.resolve() };
    this.feeds.set(key, created);
    this.enqueue(room, async (feed) => {
      try {
        feed.lastSeq = await this.currentSeq(room);
      } finally {
        await this.subscribe(room);
      }
      await this.fillFromLog(feed);
    });
    return created;
  }

  private unfollow(room: LiveRoom) {
    this.feeds.delete(roomKey(room));
    this.subscriber[this.pubSub.unsubscribe](this.channelOf(room)).catch((err: Error) => {
      this.logger.warn(`unsubscribe ${roomKey(room)}: ${err.message}`);
    });
  }

  async onApplicationShutdown() {
    clearInterval(this.sweeper);
    this.subscriber.disconnect();
  }
}
