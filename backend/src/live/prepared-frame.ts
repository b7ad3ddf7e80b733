import WebSocket from 'ws';

/** The parts of `ws` a prepared frame uses that its type definitions leave out (see PreparedFrame). */
interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}
const { Sender } = WebSocket as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };
type SocketWithSender = WebSocket & { _sender: { sendFrame(list: Buffer[]): void } };

const TEXT = 1;

/**
 * One text message framed once for every socket of a broadcast. `send()` frames each message anew for
 * each socket (a header allocated, then header and payload corked and written as two chunks); a prepared
 * frame is one buffer, header and payload together, handed to each socket as a single write.
 *
 * `ws` has no public call for this. Its maintainers point to `Sender.frame` and the socket's sender
 * (websockets/ws#617), which is how engine.io sends socket.io's broadcasts. That path skips `ws`'s send
 * queue, which only compression uses: a socket that negotiated an extension (permessage-deflate, off on
 * the gateway) gets a plain `send()`, so its messages keep their order.
 */
export class PreparedFrame {
  private wire?: Buffer[];

  constructor(private readonly message: Buffer) {}

  sendTo(socket: WebSocket) {
    if (socket.extensions !== '') {
      socket.send(this.message, { binary: false });
      return;
    }
    this.wire ??= [
      Buffer.concat(Sender.frame(this.message, { fin: true, opcode: TEXT, mask: false, readOnly: true, rsv1: false })),
    ];
    (socket as SocketWithSender)._sender.sendFrame(this.wire);
  }
}
