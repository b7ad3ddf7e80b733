/** What the runner sends a fan-out message source over IPC: publish at `rate` for `durationMs`, round-robin over the events. */
export interface FanoutRun {
  cmd: 'run';
  rate: number;
  durationMs: number;
  eventIds: string[];
}

/** A run of sources that make the frames themselves (the bare baseline, the Socket.IO peer's emitter). */
export interface BodiesRun extends FanoutRun {
  /** Per event: the public message without seq/ts/eventId, as JSON ({type, memory}). */
  bodies: string[];
}
