import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bodies smaller than this go out as they are: below it the bytes saved do not pay for the work. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Best first; deflate is left out, as every browser that sends it also sends gzip. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Brotli's default quality (11) costs tens of milliseconds per response; 4 compresses about as well as gzip 6, faster. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses API responses of a compressible type (JSON, text) from COMPRESS_THRESHOLD_BYTES up, with
 * brotli or gzip as the client's Accept-Encoding allows. Registered before the routes, which it hooks as
 * they are added; a reply that already says its Content-Encoding (a precompressed file, a prepared body)
 * is left alone. Request bodies are not decompressed: their size limits apply to the bytes received.
 */
export async function compressResponses(app: NestFastifyApplication): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    globalDecompression: false,
  });
}

const prepared = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/**
 * Sends a JSON body that many requests share (a cached public wall), compressed once per encoding for
 * as long as that body lives, instead of once per request. Negotiated as compressResponses does.
 */
export function sendSharedJson(reply: FastifyReply, body: Buffer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (body.length < COMPRESS_THRESHOLD_BYTES) return reply.send(body);
  varyOnAcceptEncoding(reply);
  const encoding = negotiate(String(reply.request.headers['accept-encoding'] ?? ''), [...ENCODINGS]);
  if (!encoding) return reply.send(body);
  const variants = prepared.get(body) ?? {};
  prepared.set(body, variants);
  const encoded = (variants[encoding] ??=
    encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body));
  return reply.header('content-encoding', encoding).send(encoded);
}

function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b|\*/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}
