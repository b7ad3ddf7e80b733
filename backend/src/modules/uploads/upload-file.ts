import Busboy, { type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainErrorCode } from '@memory-wall/contracts';
import { DomainError } from '@memory-wall/core';

/** What a form may carry besides its one file: the text fields of a photo or a featured image. */
const FORM_LIMITS = { files: 1, fields: 10, fieldSize: 10_000 };

export interface ReceivedFile {
  path: string;
  size: number;
  filename: string;
  /** The form's other fields, sent before or after the file. */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/**
 * Leaves multipart bodies unread until a route streams them (receiveFile), so that no other request pays
 * for form handling (why not @fastify/multipart: docs/decisions.md).
 */
export function acceptStreamedForms(fastify: FastifyInstance) {
  fastify.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  // A video clip's bytes (tus PATCH): streamed to its upload by the route, under the upload's own limit.
  fastify.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
}

/**
 * Streams the file of a multipart request to a temporary file, never holding it in memory, and
 * refuses it once it passes `maxBytes`. A file under another field name is drained and ignored; a second
 * file, or more than FORM_LIMITS.fields fields, refuses the form. The file goes to `dir`, the system's
 * temporary directory unless told.
 */
export async function receiveFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  messages: { missing: string; tooLarge: string },
  dir = tmpdir(),
): Promise<ReceivedFile> {
  const fields: Record<string, string> = {};
  let received: { path: string; filename: string } | undefined;
  let saving: { file: Readable; done: Promise<void> } | undefined;
  const discard = () => (received ? rm(received.path, { force: true }) : Promise.resolve());
  try {
    const form = openForm(request, maxBytes, messages);
    await new Promise<void>((resolve, reject) => {
      form.on('field', (name, value) => {
        if (name in Object.prototype) reject(new DomainError(DomainErrorCode.Invalid, messages.missing));
        else fields[name] = value;
      });
      form.on('file', (name, file, filename) => {
        if (name !== field || received) return void file.resume();
        received = { path: join(dir, `mw-upload-${randomUUID()}`), filename };
        const done = pipeline(file, createWriteStream(received.path)).then(() => {
          if (file.truncated) throw new DomainError(DomainErrorCode.TooLarge, messages.tooLarge);
        });
        done.catch(reject);
        saving = { file, done };
      });
      form.on('filesLimit', () => reject(new DomainError(DomainErrorCode.TooLarge, 'Send one file per request')));
      form.on('fieldsLimit', () => reject(new DomainError(DomainErrorCode.Invalid, messages.missing)));
      form.on('finish', () => void (saving?.done ?? Promise.resolve()).then(resolve, reject));
      pipeline(request.raw, form).catch(reject);
    });
  } catch (err) {
    // A client gone mid-file leaves the file's stream open: end it, so that its temporary file can go.
    saving?.file.destroy();
    await saving?.done.catch(() => undefined);
    await discard();
    throw asClientError(err, messages);
  }
  if (!received) throw new DomainError(DomainErrorCode.Invalid, messages.missing);
  const { size } = await stat(received.path);
  return { ...received, size, fields, discard };
}

/** The form parser for this request; throws when the request is not a multipart form. */
function openForm(request: FastifyRequest, maxBytes: number, messages: { missing: string }): BusboyInstance {
  if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? ''))
    throw new DomainError(DomainErrorCode.Invalid, messages.missing);
  try {
    return new Busboy({ headers: request.headers as BusboyHeaders, limits: { ...FORM_LIMITS, fileSize: maxBytes } });
  } catch {
    throw new DomainError(DomainErrorCode.Invalid, messages.missing); // no boundary
  }
}

/** A broken body (cut off, malformed, abandoned) is the client's doing: 4xx. */
function asClientError(err: unknown, messages: { missing: string }): unknown {
  if (err instanceof DomainError) return err;
  const { code, message = '' } = err as { code?: string; message?: string };
  // The client went away mid-upload: nobody reads the answer, but it is not the server's fault.
  if (code === 'ECONNRESET') return new DomainError(DomainErrorCode.Invalid, messages.missing);
  if (
    /Unexpected end of (multipart|form)|Malformed part header|Boundary not found|Part terminated early/i.test(message)
  ) {
    return new DomainError(DomainErrorCode.Invalid, messages.missing);
  }
  return err;
}
