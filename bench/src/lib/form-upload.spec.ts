import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeForm, postForm } from './form-upload';

/** A server that parses each form with busboy, as the API does, and answers with what it found. */
async function formEcho() {
  const server = createServer((req, res) => {
    const found: Record<string, unknown> = { fields: {}, headers: { forwarded: req.headers['x-forwarded-for'] } };
    const form = new Busboy({ headers: req.headers as BusboyHeaders });
    form.on('field', (name, value) => ((found.fields as Record<string, string>)[name] = value));
    form.on('file', (field, file, filename, _encoding, type) => {
      const hash = createHash('sha256');
      let size = 0;
      file.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      file.on('end', () => (found.file = { field, filename, type, size, sha256: hash.digest('hex') }));
    });
    form.on('finish', () => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify(found));
    });
    req.pipe(form);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

describe('encodeForm and postForm', () => {
  it('send fields and the exact file bytes as a form a multipart parser reads back, with the headers given', async () => {
    // Bytes that look like a boundary's start and line ends, as a JPEG's may.
    const data = Buffer.concat([
      Buffer.from('\r\n--\r\n--'),
      Buffer.alloc(300_000, 0xd9),
      Buffer.from([0xff, 0xd8, 0x0d, 0x0a]),
    ]);
    const form = encodeForm(
      { name: 'Aunt May', photoCaption: 'At the lake' },
      { field: 'photo', filename: 'IMG_1.jpg', type: 'image/jpeg', data },
    );
    const server = await formEcho();
    try {
      const answers = await Promise.all(
        [1, 2].map((i) => postForm(server.url, form, { 'x-forwarded-for': `10.0.0.${i}` })),
      );

      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      expect(answers[1].body).toEqual({
        fields: { name: 'Aunt May', photoCaption: 'At the lake' },
        headers: { forwarded: '10.0.0.2' },
        file: {
          field: 'photo',
          filename: 'IMG_1.jpg',
          type: 'image/jpeg',
          size: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
        },
      });
    } finally {
      server.close();
    }
  });
});
