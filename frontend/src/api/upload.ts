import { ConnectionLost, SUBMISSION_RETRY } from './submissionRetry';

export interface UploadAnswer {
  status: number;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
}

export interface UploadOptions {
  headers?: Record<string, string>;
  /** The share of the body sent so far, from 0 to 1. */
  onProgress?(fraction: number): void;
}

/**
 * POSTs a form with XMLHttpRequest, which (unlike fetch) reports upload progress. Resolves with any HTTP
 * answer; rejects with ConnectionLost when the connection fails, or sends and hears nothing for
 * SUBMISSION_RETRY.stallMs (a dead network drops packets rather than closing the socket).
 */
export async function postForm(
  url: string,
  form: FormData,
  { headers = {}, onProgress }: UploadOptions = {},
): Promise<UploadAnswer> {
  // The encoded body as bytes: what any XMLHttpRequest sends alike (jsdom's knows only its own FormData).
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(stall);
      stall = setTimeout(() => xhr.abort(), SUBMISSION_RETRY.stallMs);
    };
    const lost = () => {
      clearTimeout(stall);
      reject(new ConnectionLost());
    };
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', contentType);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      alive();
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onprogress = alive;
    xhr.onerror = lost;
    xhr.onabort = lost;
    xhr.onload = () => {
      clearTimeout(stall);
      resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    };
    alive();
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
