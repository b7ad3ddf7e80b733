import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

export class FileTooLargeException extends HttpException {
  constructor(message: string) {
    super({ message }, HttpStatus.PAYLOAD_TOO_LARGE);
  }
}

export interface ReceivedFile {
  path: string;
  size: number;
  filename: string;
  /** The form's other fields, sent before or after the file. */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/**
 * Streams the file of a multipart request to a temporary file, never holding it in memory, and
 * refuses it once it passes `maxBytes`. Files under other field names are drained and ignored.
 */
export async function receiveFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  messages: { missing: string; tooLarge: string },
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new BadRequestException(messages.missing);
  const fields: Record<string, string> = {};
  let received: { path: string; filename: string } | undefined;
  const discard = () => (received ? rm(received.path, { force: true }) : Promise.resolve());
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname !== field || received) {
        part.file.resume();
      } else {
        received = { path: join(tmpdir(), `mw-upload-${randomUUID()}`), filename: part.filename };
        await pipeline(part.file, createWriteStream(received.path));
        if (part.file.truncated) throw new FileTooLargeException(messages.tooLarge);
      }
    }
  } catch (err) {
    await discard();
    throw asClientError(err, messages);
  }
  if (!received) throw new BadRequestException(messages.missing);
  const { size } = await stat(received.path);
  return { ...received, size, fields, discard };
}

/** The multipart parser's own complaints about a broken or oversized body are the client's doing: 4xx. */
function asClientError(err: unknown, messages: { missing: string; tooLarge: string }): unknown {
  const { code, message = '' } = err as { code?: string; message?: string };
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new FileTooLargeException('Send one file per request');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new BadRequestException(messages.missing);
  if (/Unexpected end of (multipart|form)|Malformed part header|Boundary not found|Part terminated early/i.test(message)) {
    return new BadRequestException(messages.missing);
  }
  return err;
}
