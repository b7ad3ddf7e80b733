import { Transform, TransformCallback } from 'node:stream';

/**
 * Passes bytes through and counts them: the size of a file streamed into storage. (A 'data' listener would
 * start the stream flowing before storage reads it, and lose what came first.)
 */
export class ByteCounter extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}
