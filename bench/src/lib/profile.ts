import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import WebSocket from 'ws';
import { ROOT } from './procs';

/**
 * CPU profiles of a process under test, taken over the inspector (the process is started with
 * `inspect: true`) for exactly the measured window, then reduced to the top frames by self time.
 */
export class Profiler {
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      const waiter = message.id ? this.pending.get(message.id) : undefined;
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    });
  }

  static async connect(inspectorUrl: string): Promise<Profiler> {
    const socket = new WebSocket(inspectorUrl, { maxPayload: 1024 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const profiler = new Profiler(socket);
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    return profiler;
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  start() {
    return this.send('Profiler.start');
  }

  async stop(): Promise<CpuProfile> {
    return (await this.send('Profiler.stop')).profile;
  }

  close() {
    this.socket.close();
  }
}

export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface Frame {
  frame: string;
  selfPct: number;
}

export interface ProfileSummary {
  file: string;
  durationMs: number;
  /** Share of samples the process was idle (waiting on I/O). */
  idlePct: number;
  top: Frame[];
  /** Self time grouped by package (node_modules/<pkg>) or area of our code. */
  byPackage: Frame[];
}

function frameName(node: CpuProfile['nodes'][number]) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? shortUrl(url) : '';
  return `${functionName || '(anonymous)'}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
}

function shortUrl(url: string) {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) return path.slice(nm + 'node_modules/'.length);
  return path.startsWith('/') ? relative(ROOT, path) : path;
}

function packageOf(node: CpuProfile['nodes'][number]) {
  const { functionName, url } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (path.startsWith('node:')) return 'node (core)';
  const rel = relative(ROOT, path).split('/');
  return rel.slice(0, Math.min(3, rel.length - 1)).join('/') || path;
}

/** Writes the profile (open it in Chrome DevTools) and returns the top frames by self time. */
export function summarize(profile: CpuProfile, file: string, topN = 15): ProfileSummary {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
    total += dt;
  }
  const frames = new Map<string, number>();
  const packages = new Map<string, number>();
  let idle = 0;
  for (const [id, time] of self) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idle += time;
      continue;
    }
    const name = frameName(node);
    frames.set(name, (frames.get(name) ?? 0) + time);
    const pkg = packageOf(node);
    packages.set(pkg, (packages.get(pkg) ?? 0) + time);
  }
  const pct = (t: number) => Number(((100 * t) / (total || 1)).toFixed(1));
  const rank = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topN)
      .map(([frame, t]) => ({ frame, selfPct: pct(t) }));
  return {
    file: relative(ROOT, file),
    durationMs: Math.round((profile.endTime - profile.startTime) / 1000),
    idlePct: pct(idle),
    top: rank(frames),
    byPackage: rank(packages),
  };
}

/** Profiles `proc` (started with inspect) while `during` runs. */
export async function profileDuring<T>(
  inspectorUrl: string,
  file: string,
  during: () => Promise<T>,
): Promise<{ result: T; profile: ProfileSummary }> {
  const profiler = await Profiler.connect(inspectorUrl);
  try {
    await profiler.start();
    const result = await during();
    const profile = summarize(await profiler.stop(), file);
    return { result, profile };
  } finally {
    profiler.close();
  }
}
