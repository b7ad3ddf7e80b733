import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { once } from 'node:events';

export interface ModerationRequest {
  authorization?: string;
  body: {
    model: string;
    input: Array<{ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }>;
  };
}

/**
 * One moderation result as OpenAI writes it: each category names the kinds of input its score was computed
 * on (every kind sent, unless `appliedTo` says otherwise).
 */
export function moderationResult(input: ModerationRequest['body']['input'], flagged: boolean, appliedTo?: string[]) {
  const types = appliedTo ?? [...new Set(input.map((i) => (i.type === 'text' ? 'text' : 'image')))];
  return {
    flagged,
    categories: { violence: flagged, harassment: false, sexual: false },
    category_scores: { violence: flagged ? 0.98 : 0.01, harassment: 0.01, sexual: 0.0 },
    category_applied_input_types: { violence: types, harassment: types.filter((t) => t === 'text'), sexual: types },
  };
}

/** A request to POST /v1/audio/transcriptions as the fake received it (a multipart form). */
export interface TranscriptionRequest {
  authorization?: string;
  model: string;
  filename: string;
  /** The uploaded file's bytes. */
  audio: Buffer;
}

/**
 * A local stand-in for OpenAI's POST /v1/moderations and POST /v1/audio/transcriptions that speaks their
 * wire formats. A transcription is answered with `transcript` (the form is parsed as multipart; a request
 * without a `file` and a `model` is a 400, as OpenAI's). What it answers is
 * decided by words in the text: FLAGME → flagged (violence), ERROR500 → 500, RATELIMIT → 429,
 * SLOW → answers after `slowMs` (past the client's time-out), NORESULTS → a 200 with an empty `results`
 * list, IGNOREIMAGE → a clean result that was applied to the text only. `down` makes every call fail with 500.
 */
export class FakeOpenAi {
  readonly requests: ModerationRequest[] = [];
  readonly transcriptions: TranscriptionRequest[] = [];
  /** What every recording is said to say. */
  transcript = 'What a wonderful day, congratulations to you both';
  down = false;
  /** Transcriptions fail with 500 while moderation still answers. */
  transcriptionsDown = false;
  private server?: Server;

  constructor(private readonly slowMs = 3000) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}/v1`;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const fail = (status: number, message: string) =>
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message, type: status === 400 ? 'invalid_request_error' : 'server_error' } }));
    if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') return this.transcribe(req, res, raw, fail);
    if (req.method !== 'POST' || req.url !== '/v1/moderations') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw.toString('utf8')) as ModerationRequest['body'];
    this.requests.push({ authorization: req.headers.authorization, body });
    const text = body.input.map((i) => (i.type === 'text' ? i.text : '')).join(' ');
    if (this.down || text.includes('ERROR500')) return fail(500, 'The server had an error');
    if (text.includes('RATELIMIT')) return fail(429, 'Rate limit reached');
    if (text.includes('SLOW')) await new Promise((r) => setTimeout(r, this.slowMs));
    const flagged = text.includes('FLAGME');
    const result = moderationResult(body.input, flagged, text.includes('IGNOREIMAGE') ? ['text'] : undefined);
    const results = text.includes('NORESULTS') ? [] : [result];
    if (!res.writableEnded && !res.destroyed) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `modr-${this.requests.length}`, model: body.model, results }));
    }
  }

  /** A multipart form with the recording as `file` and a `model`, answered as OpenAI's JSON response format. */
  private async transcribe(
    req: IncomingMessage,
    res: ServerResponse,
    raw: Buffer,
    fail: (status: number, message: string) => void,
  ): Promise<void> {
    if (this.down || this.transcriptionsDown) return fail(500, 'The server had an error');
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
    } catch {
      return fail(400, 'Could not parse multipart form');
    }
    const file = form.get('file');
    const model = form.get('model');
    if (!(file instanceof File) || typeof model !== 'string') return fail(400, "'file' and 'model' are required");
    this.transcriptions.push({
      authorization: req.headers.authorization,
      model,
      filename: file.name,
      audio: Buffer.from(await file.arrayBuffer()),
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: this.transcript }));
  }
}
