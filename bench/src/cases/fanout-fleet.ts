import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { Samples } from '../lib/stats';

/**
 * A fleet of live-wall sockets, as venue screens and phones would hold them. Every socket checks its
 * feed's sequence numbers (a gap is a lost message) and records publish-to-receive latency from the
 * server's `ts` stamp. Frames are read without a full JSON parse, so the fleet stays cheap per message.
 */

const SEQ_PREFIX = Buffer.from('{"seq":');
/** The gateway's answer to a join (LiveJoined): the feed's position the socket joined at. */
const JOINED_PREFIX = Buffer.from('{"type":"joined"');
const TS_KEY = Buffer.from('"ts":');
/** A Socket.IO event frame (Engine.IO message 4, Socket.IO event 2) of the peer's `live` event. */
const SOCKET_IO_EVENT = Buffer.from('42["live",');

/**
 * How frames are read: the product's gateway (and the bare `ws` baseline) sends each message as it is;
 * Socket.IO wraps it in an event frame and speaks Engine.IO around it (open, connect, ping), which the
 * fleet answers itself: a raw `ws` client costs the load side the same per socket for either server.
 */
export type FleetProtocol = 'plain' | 'socket.io';

interface Member {
  url: string;
  event: number;
  socket?: WebSocket;
  open: boolean;
  lastSeq: number;
  received: number;
}

export interface FleetCounters {
  received: number;
  gaps: number;
  dropped: number;
  malformed: number;
}

export class Fleet {
  readonly members: Member[] = [];
  readonly latencies = new Samples();
  counters: FleetCounters = { received: 0, gaps: 0, dropped: 0, malformed: 0 };
  /** Called with each message a socket counts, and when it arrived (epoch ms). */
  onMessage?: (frame: Buffer, receivedAt: number) => void;

  /** `urlOf(i)` gives socket i's address; `eventOf(i)` the index of its event. */
  constructor(
    count: number,
    urlOf: (i: number) => string,
    eventOf: (i: number) => number,
    private readonly protocol: FleetProtocol = 'plain',
  ) {
    for (let i = 0; i < count; i++)
      this.members.push({ url: urlOf(i), event: eventOf(i), open: false, lastSeq: 0, received: 0 });
  }

  /** Answers Engine.IO's control frames; the offset of the message in an event frame, or -1. */
  private socketIoFrame(member: Member, data: Buffer): number {
    if (
      data.length > SOCKET_IO_EVENT.length &&
      data.compare(SOCKET_IO_EVENT, 0, SOCKET_IO_EVENT.length, 0, SOCKET_IO_EVENT.length) === 0
    )
      return SOCKET_IO_EVENT.length;
    if (data[0] === 0x30)
      member.socket?.send('40'); // open → connect to the default namespace
    else if (data[0] === 0x32) member.socket?.send('3'); // ping → pong
    return -1;
  }

  private onFrame(member: Member, data: Buffer) {
    const now = performance.timeOrigin + performance.now();
    let start = 0;
    if (this.protocol === 'socket.io') {
      start = this.socketIoFrame(member, data);
      if (start < 0) return;
    } else if (data.compare(JOINED_PREFIX, 0, JOINED_PREFIX.length, 0, JOINED_PREFIX.length) === 0) {
      member.lastSeq = Math.max(member.lastSeq, (JSON.parse(data.toString()) as { seq: number | null }).seq ?? 0);
      return;
    }
    const seqEnd = start + SEQ_PREFIX.length;
    if (data.length < start + 10 || data.compare(SEQ_PREFIX, 0, SEQ_PREFIX.length, start, seqEnd) !== 0) {
      this.counters.malformed++;
      return;
    }
    let seq = 0;
    for (let i = seqEnd; i < data.length; i++) {
      const c = data[i];
      if (c < 48 || c > 57) break;
      seq = seq * 10 + (c - 48);
    }
    const at = data.lastIndexOf(TS_KEY);
    let ts = 0;
    if (at > 0) {
      for (let i = at + TS_KEY.length; i < data.length; i++) {
        const c = data[i];
        if (c < 48 || c > 57) break;
        ts = ts * 10 + (c - 48);
      }
    }
    if (member.lastSeq && seq !== member.lastSeq + 1) {
      if (seq > member.lastSeq) this.counters.gaps += seq - member.lastSeq - 1;
      else this.counters.malformed++; // a repeat or a step back is wrong too
    }
    member.lastSeq = seq;
    member.received++;
    this.counters.received++;
    if (ts) this.latencies.push(now - ts);
    this.onMessage?.(data, now);
  }

  private connectOne(member: Member): Promise<void> {
    member.lastSeq = 0;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(member.url, { perMessageDeflate: false });
      member.socket = socket;
      socket.binaryType = 'nodebuffer';
      socket.on('message', (data: Buffer) => this.onFrame(member, data));
      socket.once('open', () => {
        member.open = true;
        resolve();
      });
      socket.once('close', () => {
        if (member.open) this.counters.dropped++;
        member.open = false;
      });
      socket.on('error', (err) => {
        if (!member.open) reject(err);
      });
    });
  }

  /** Opens every socket that is not open, `concurrency` handshakes at a time. */
  async connect(concurrency = 100, timeoutMs = 120_000) {
    const todo = this.members.filter((m) => !m.open);
    const deadline = Date.now() + timeoutMs;
    let next = 0;
    let failures = 0;
    const lane = async () => {
      while (next < todo.length && Date.now() < deadline) {
        const member = todo[next++];
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            await this.connectOne(member);
            break;
          } catch {
            failures++;
            await sleep(50 * (attempt + 1));
          }
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    const open = this.openCount();
    if (open < this.members.length)
      throw new Error(`only ${open} of ${this.members.length} sockets opened (${failures} failed handshakes)`);
  }

  openCount() {
    return this.members.reduce((n, m) => n + (m.open ? 1 : 0), 0);
  }

  /** Zeroes the counters and latencies of a measurement window (sequence tracking continues). */
  reset() {
    this.counters = { received: 0, gaps: 0, dropped: 0, malformed: 0 };
    this.latencies.reset();
    for (const m of this.members) m.received = 0;
  }

  /** Deliveries expected given how many messages each event's feed published. */
  expected(publishedPerEvent: number[]): number {
    let total = 0;
    for (const m of this.members) total += publishedPerEvent[m.event] ?? 0;
    return total;
  }

  /** Messages that never arrived (per socket: published to its event minus received). */
  missing(publishedPerEvent: number[]): number {
    let missing = 0;
    for (const m of this.members) missing += Math.max(0, (publishedPerEvent[m.event] ?? 0) - m.received);
    return missing;
  }

  /** Waits until every socket has its expected count, or the time is up. */
  async drain(publishedPerEvent: number[], timeoutMs: number) {
    const expected = this.expected(publishedPerEvent);
    const deadline = Date.now() + timeoutMs;
    while (this.counters.received < expected && Date.now() < deadline) await sleep(10);
  }

  /** Whether every socket has received at least one message since the last reset. */
  allReceived() {
    return this.members.every((m) => m.received > 0);
  }

  async close() {
    for (const m of this.members) {
      m.open = false;
      m.socket?.removeAllListeners('close');
      m.socket?.terminate();
    }
    await sleep(100);
  }
}
