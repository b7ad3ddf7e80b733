import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';

/** A multipart/form-data body encoded once, to be sent as many times as a case needs. */
export interface EncodedForm {
  contentType: string;
  body: Buffer;
}

/**
 * Encodes text fields and one file as multipart/form-data. The load side sends photos as prepared
 * bytes, as a load generator sends any body: undici's FormData re-encodes a 4 MB Blob per request, and
 * 8 of them at once took 60–160 ms of the load side's time on loopback, against 7–36 ms for these bytes,
 * which made the measured upload wait on the client.
 */
export function encodeForm(
  fields: Record<string, string>,
  file: { field: string; filename: string; type: string; data: Buffer },
): EncodedForm {
  const boundary = `----memorywallbench${randomBytes(12).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(parts.join('') + fileHead), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

const agent = new Agent({ keepAlive: true });

/** POSTs an encoded form over a keep-alive connection; resolves with the status and the answer (parsed when JSON). */
export function postForm(
  url: string,
  form: EncodedForm,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': form.contentType, 'content-length': form.body.length },
      },
      (res) => {
        text(res).then((answer) => resolve({ status: res.statusCode ?? 0, body: parseJson(answer) }), reject);
      },
    );
    req.on('error', reject);
    req.end(form.body);
  });
}

function parseJson(answer: string): unknown {
  try {
    return JSON.parse(answer);
  } catch {
    return answer;
  }
}
