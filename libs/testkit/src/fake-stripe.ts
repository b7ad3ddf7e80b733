import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_memory_wall';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_memory_wall';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The form-encoded body, with Stripe's bracket keys (metadata[x]) nested. */
  form: Record<string, any>;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  status: string;
  created: number;
  livemode: false;
}

/**
 * A local stand-in for the Stripe API that speaks its wire protocol: the real `stripe` library talks to
 * it (new Stripe(key, { host, port, protocol: 'http' })). Records every request, honours Idempotency-Key
 * like Stripe does (same key, same answer), and can be told to fail the next requests.
 */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  private readonly byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  private failures: number[] = [];
  private server!: Server;
  url = '';

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    fake.server.listen(0, '127.0.0.1');
    await once(fake.server, 'listening');
    fake.url = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
    return fake;
  }

  /** Variables that point an API process at this fake. */
  get env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: this.url,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    };
  }

  /** The next requests answer these HTTP statuses (as a Stripe api_error) before working again. */
  failNext(...statuses: number[]) {
    this.failures.push(...statuses);
  }

  paymentIntentRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  }

  async stop() {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0];
    const request: RecordedRequest = {
      method: req.method ?? '',
      path,
      headers: req.headers,
      form: parseForm(Buffer.concat(chunks).toString()),
    };
    this.requests.push(request);

    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const failure = this.failures.shift();
    if (failure) return send(res, failure, { error: { type: 'api_error', message: 'Simulated failure' } });

    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? this.byIdempotencyKey.get(key) : undefined;
      if (replay) return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
      const intent = this.createPaymentIntent(request.form);
      if (typeof key === 'string') this.byIdempotencyKey.set(key, { status: 200, body: intent });
      return send(res, 200, intent);
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` },
    });
  }

  private createPaymentIntent(form: Record<string, any>): FakePaymentIntent {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount: Number(form.amount),
      amount_received: 0,
      currency: form.currency,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      description: form.description ?? null,
      metadata: form.metadata ?? {},
      automatic_payment_methods: form.automatic_payment_methods
        ? { enabled: form.automatic_payment_methods.enabled === 'true' }
        : null,
      status: 'requires_payment_method',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.paymentIntents.set(id, intent);
    return intent;
  }
}

/** Stripe's form encoding: a[b][c]=v nests; values stay strings. */
function parseForm(body: string): Record<string, any> {
  const result: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head, ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node = result;
    for (const part of path.slice(0, -1)) node = node[part] ??= {};
    node[path[path.length - 1]] = value;
  }
  return result;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** The PaymentIntent as Stripe shows it once paid (what a payment_intent.succeeded event carries). */
export function succeeded(intent: FakePaymentIntent, overrides: Partial<FakePaymentIntent> = {}): FakePaymentIntent {
  return { ...intent, status: 'succeeded', amount_received: intent.amount, ...overrides };
}

export interface WebhookOptions {
  /** Defaults to the fake's webhook secret. */
  secret?: string;
  /** Unix seconds the signature claims; defaults to now. */
  timestamp?: number;
  type?: string;
  /** Send this signature header instead of a computed one. */
  signatureHeader?: string;
}

/** Builds the event Stripe would send for this object and its signature header. */
export function signedWebhook(object: unknown, options: WebhookOptions = {}) {
  const event = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.timestamp ?? Math.floor(Date.now() / 1000),
    type: options.type ?? 'payment_intent.succeeded',
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  const payload = JSON.stringify(event);
  return { payload, signature: options.signatureHeader ?? webhookSignature(payload, options), event };
}

/** The Stripe-Signature header Stripe would send with exactly these bytes. */
export function webhookSignature(payload: string, options: Pick<WebhookOptions, 'secret' | 'timestamp'> = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? FAKE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
}

/** Delivers a signed webhook to the API as Stripe does: raw JSON body, Stripe-Signature header, no Origin. */
export async function sendWebhook(apiUrl: string, object: unknown, options: WebhookOptions = {}) {
  const { payload, signature } = signedWebhook(object, options);
  const response = await fetch(`${apiUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: payload,
  });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}
