import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
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
  filename: string;
  /** Other multipart fields sent before the file. */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/**
 * Streams the one file of a multipart request to a temporary file, never holding it in memory,
 * and refuses it once it passes `maxBytes`.
 */
export async function receiveFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  messages: { missing: string; tooLarge: string },
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new BadRequestException(messages.missing);
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw new BadRequestException(messages.missing);
  }
  const path = join(tmpdir(), `mw-upload-${randomUUID()}`);
  const discard = () => rm(path, { force: true });
  await pipeline(part.file, createWriteStream(path));
  if (part.file.truncated) {
    await discard();
    throw new FileTooLargeException(messages.tooLarge);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const entry = Array.isArray(value) ? value[0] : value;
    if (entry && entry.type === 'field') fields[name] = String(entry.value);
  }
  return { path, filename: part.filename, fields, discard };
}
