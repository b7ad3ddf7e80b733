import type { MessageMappingProperties } from '@nestjs/websockets';
import { WsAdapter } from '@nestjs/platform-ws';
import type { Observable } from 'rxjs';
import type { RawData, WebSocket } from 'ws';

/**
 * Nest's `ws` adapter with one plain listener per socket for what its client sends. Nest's own binds every
 * socket through an rxjs pipeline when it connects (fromEvent on 'message' and 'close', share, first,
 * mergeMap, takeUntil): about 7 kB of subscribers, closures and listeners held per connected socket, more
 * than half of the API's heap per screen, for frames a screen sends a few times an hour (bench/README,
 * case 1). Messages are handled as Nest's adapter handles them: parsed by the gateway's parser, routed by
 * event, and a handler's non-empty result sent back as JSON.
 */
export class LiveWsAdapter extends WsAdapter {
  override bindMessageHandlers(
    client: WebSocket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ) {
    client.on('message', (data: RawData) => {
      const message = this.parse(data);
      const handler = message && handlers.find((h) => h.message === message.event);
      if (!handler) return;
      let result: Observable<unknown>;
      try {
        result = transform(handler.callback(message.data, message.event));
      } catch {
        return; // as Nest's adapter: a handler's synchronous throw drops that message, not the socket
      }
      result.subscribe({
        next: (response) => {
          if (response !== undefined && response !== null && client.readyState === client.OPEN)
            client.send(JSON.stringify(response));
        },
        error: (err: unknown) => this.logger.error(err),
      });
    });
  }

  private parse(data: RawData) {
    try {
      return this.messageParser(data) || undefined;
    } catch (err) {
      this.logger.error(err);
      return undefined;
    }
  }
}
