import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';

/** An event's public live socket, with when (performance.now()) each memory was announced approved. */
export interface ApprovalWatch {
  socket: WebSocket;
  readyAt: Map<string, number>;
}

/** Opens the event's public live socket on the API at `apiPort`; resolves once it is joined. */
export async function watchApprovals(apiPort: number, eventId: string): Promise<ApprovalWatch> {
  const readyAt = new Map<string, number>();
  const socket = new WebSocket(`ws://127.0.0.1:${apiPort}/ws?eventId=${eventId}`);
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'memory_approved') readyAt.set(message.memory.id, performance.now());
  });
  await new Promise((resolveOpen, reject) => {
    socket.once('open', resolveOpen);
    socket.once('error', reject);
  });
  await sleep(300); // the gateway joins the socket asynchronously
  return { socket, readyAt };
}
