import Fastify, { FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '@memory-wall/core';
import { toErrorBody } from '../../common/api-errors';
import { acceptStreamedForms, receiveFile } from './upload-file';

const MESSAGES = { missing: 'Please select a photo to upload', tooLarge: 'File too large' };
const BOUNDARY = 'mw-test-boundary';
const MAX_BYTES = 1000;

type Part = { name: string; value: string } | { name: string; file: Buffer; filename?: string };

function form(parts: Part[], { end = true } = {}): Buffer {
  const chunks = parts.map((part) =>
    'file' in part
      ? Buffer.concat([
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'a.jpg'}"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          part.file,
          Buffer.from('\r\n'),
        ])
      : Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
  );
  return Buffer.concat([...chunks, Buffer.from(end ? `--${BOUNDARY}--\r\n` : '')]);
}

describe('receiveFile: one streamed file and its text fields from a multipart form', () => {
  let app: FastifyInstance;
  let uploads: string;
  let refused: number[];

  beforeAll(() => {
    // Every temporary file of these tests lands here, where a leftover shows.
    uploads = mkdtempSync(join(tmpdir(), 'mw-upload-spec-'));
  });

  afterAll(() => {
    rmSync(uploads, { recursive: true, force: true });
  });

  beforeEach(() => {
    refused = [];
    app = Fastify();
    acceptStreamedForms(app);
    app.post('/upload', async (request, reply) => {
      try {
        const file = await receiveFile(request, 'photo', MAX_BYTES, MESSAGES, uploads);
        const content = readFileSync(file.path, 'utf8');
        await file.discard();
        return { size: file.size, filename: file.filename, fields: file.fields, content };
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const { statusCode, message } = toErrorBody(err);
        refused.push(statusCode);
        return reply.status(statusCode).send({ message });
      }
    });
  });

  afterEach(() => app.close());

  const post = (payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    app.inject({ method: 'POST', url: '/upload', headers: { 'content-type': contentType }, payload });

  it('saves the file and keeps the fields sent before and after it', async () => {
    const res = await post(
      form([
        { name: 'name', value: 'Aunt May' },
        { name: 'photo', file: Buffer.from('jpeg bytes'), filename: 'cake.jpg' },
        { name: 'title', value: 'Cake' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      size: 10,
      filename: 'cake.jpg',
      fields: { name: 'Aunt May', title: 'Cake' },
      content: 'jpeg bytes',
    });
    expect(readdirSync(uploads)).toEqual([]);
  });

  it('takes the media type of the form in any case, as HTTP has it', async () => {
    const res = await post(
      form([
        { name: 'name', value: 'X' },
        { name: 'photo', file: Buffer.from('jpeg') },
      ]),
      `Multipart/Form-Data; boundary=${BOUNDARY}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: 'jpeg' });
  });

  it.each<[string, () => Buffer, string | undefined, number, string]>([
    [
      'a file one byte over the limit',
      () => form([{ name: 'photo', file: Buffer.alloc(MAX_BYTES + 1, 1) }]),
      undefined,
      413,
      MESSAGES.tooLarge,
    ],
    [
      'two files',
      () =>
        form([
          { name: 'photo', file: Buffer.from('a') },
          { name: 'photo', file: Buffer.from('b') },
        ]),
      undefined,
      413,
      'Send one file per request',
    ],
    [
      'a file under another field name, then the photo',
      () =>
        form([
          { name: 'image', file: Buffer.from('a') },
          { name: 'photo', file: Buffer.from('b') },
        ]),
      undefined,
      413,
      'Send one file per request',
    ],
    [
      'a file under another field name only',
      () =>
        form([
          { name: 'name', value: 'X' },
          { name: 'image', file: Buffer.from('a') },
        ]),
      undefined,
      400,
      MESSAGES.missing,
    ],
    [
      'more than 10 fields',
      () =>
        form([
          ...Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
          { name: 'photo', file: Buffer.from('a') },
        ]),
      undefined,
      400,
      MESSAGES.missing,
    ],
    [
      'a field named after an Object property',
      () =>
        form([
          { name: 'constructor', value: 'x' },
          { name: 'photo', file: Buffer.from('a') },
        ]),
      undefined,
      400,
      MESSAGES.missing,
    ],
    ['no file', () => form([{ name: 'name', value: 'X' }]), undefined, 400, MESSAGES.missing],
    [
      'a body cut off mid-file',
      () => form([{ name: 'photo', file: Buffer.alloc(500, 1) }], { end: false }).subarray(0, 300),
      undefined,
      400,
      MESSAGES.missing,
    ],
    ['an empty body', () => Buffer.alloc(0), undefined, 400, MESSAGES.missing],
    [
      'a form without a boundary',
      () => form([{ name: 'photo', file: Buffer.from('a') }]),
      'multipart/form-data',
      400,
      MESSAGES.missing,
    ],
  ])('refuses %s with a 4xx and leaves no temporary file', async (_name, body, contentType, status, message) => {
    const res = await post(body(), contentType);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
    expect(readdirSync(uploads)).toEqual([]);
  });

  it('refuses a request that is not a multipart form', async () => {
    const res = await app.inject({ method: 'POST', url: '/upload', payload: { photo: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.missing });
  });

  it('removes the temporary file of a client that goes away mid-file, and answers it with a 4xx', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const head = form([{ name: 'photo', file: Buffer.alloc(5000, 1) }], { end: false });
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /upload HTTP/1.1\r\nhost: localhost\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: 100000\r\n\r\n`,
    );
    socket.write(head);
    for (let i = 0; i < 50 && readdirSync(uploads).length === 0; i++) await sleep(20);
    expect(readdirSync(uploads)).toHaveLength(1);
    socket.destroy();
    for (let i = 0; i < 100 && refused.length === 0; i++) await sleep(20);
    expect(refused).toEqual([400]);
    expect(readdirSync(uploads)).toEqual([]);
  });
});
