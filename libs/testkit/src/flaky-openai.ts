import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { moderationResult, ModerationRequest } from './fake-openai';

/** How the fake answers every moderation request right now. */
export type OpenAiMode = 'ok' | '500' | '429' | 'timeout';

/**
 * A stand-in for OpenAI's POST /v1/moderations (the wire format of support/fake-openai.ts) whose failure
 * is switched for every request at once: an outage of 500s, of 429s, of time-outs, or a rotation of the
 * three ('outage'), then recovery ('ok'). FLAGME in the text is flagged when it answers. Counts what it did.
 */
export class FlakyOpenAi {
  private server?: Server;
  private rotation = 0;
  mode: OpenAiMode | 'outage' = 'ok';
  readonly answered: Record<OpenAiMode, number> = { ok: 0, '500': 0, '429': 0, timeout: 0 };
  /** Requests whose answer was a verdict, with the time they were answered. */
  readonly verdicts: Array<{ at: number; flagged: boolean; text: string }> = [];

  constructor(private readonly hangMs = 5_000) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}/v1`;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  get requests() {
    return Object.values(this.answered).reduce((a, b) => a + b, 0);
  }

  private pick(): OpenAiMode {
    if (this.mode !== 'outage') return this.mode;
    const modes: OpenAiMode[] = ['500', '429', 'timeout'];
    return modes[this.rotation++ % modes.length];
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.method !== 'POST' || req.url !== '/v1/moderations') return void res.writeHead(404).end();
    const body = JSON.parse(raw) as ModerationRequest['body'];
    const mode = this.pick();
    this.answered[mode]++;
    const fail = (status: number, message: string) =>
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message, type: 'server_error' } }));
    if (mode === '500') return fail(500, 'The server had an error');
    if (mode === '429') return fail(429, 'Rate limit reached');
    if (mode === 'timeout') {
      // Never answers in time; the client gives up first.
      await new Promise((r) => setTimeout(r, this.hangMs));
      if (!res.destroyed) fail(504, 'too late');
      return;
    }
    const text = body.input.map((i) => (i.type === 'text' ? i.text : '')).join(' ');
    const flagged = text.includes('FLAGME');
    this.verdicts.push({ at: Date.now(), flagged, text });
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `modr-${this.requests}`,
        model: body.model,
        results: [moderationResult(body.input, flagged)],
      }),
    );
  }
}
