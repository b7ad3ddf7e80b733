import SonicBoom from 'sonic-boom';

/** How long a log line may wait in the buffer when traffic is too light to fill it. */
const FLUSH_EVERY_MS = 1000;

/**
 * The API's log destination for pino: standard output, written asynchronously in large writes, at least
 * once a second, on close and at exit, so that logging stays a small part of a cached read's time. Lines
 * are handed to sonic-boom as Buffers: in its string mode it measures its whole pending string again for
 * every line appended. Figures: docs/decisions.md.
 */
export function createLogStream() {
  // A write of 192 kB carries about 800 access log lines: few enough writes that handing them to the
  // thread pool costs next to nothing per request.
  const out = new SonicBoom({
    fd: 1,
    sync: false,
    contentMode: 'buffer',
    minLength: 192 * 1024,
    maxWrite: 256 * 1024,
    periodicFlush: FLUSH_EVERY_MS,
  });
  // sonic-boom's types describe only its string mode.
  const append = out.write.bind(out) as unknown as (chunk: Buffer) => boolean;
  process.once('exit', () => {
    try {
      out.flushSync();
    } catch {
      // Exiting while a write is still in flight: nothing more can be done synchronously.
    }
  });
  return {
    write: (line: string) => append(Buffer.from(line)),
    flush: (done: () => void) => out.flush(() => done()),
  };
}
