import { contractOf } from './openapi-contract';

/**
 * A tiny HTTP client of the API that keeps the session cookie, like a browser would. Every answer is
 * checked against the API's OpenAPI document (status and JSON body): a test that gets an answer the document
 * does not describe fails, so the document cannot drift from the code.
 */
export class ApiClient {
  cookie?: string;

  constructor(readonly baseUrl: string) {}

  /** The same signed-in person talking to another API instance. */
  on(baseUrl: string): ApiClient {
    const other = new ApiClient(baseUrl);
    other.cookie = this.cookie;
    return other;
  }

  /** `raw` sends that text as the body, as it is. */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, raw?: string) {
    const isForm = body instanceof FormData;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: raw ?? (isForm ? body : body !== undefined ? JSON.stringify(body) : undefined),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const contract = await contractOf(this.baseUrl);
    const problems =
      contract?.problems(method, path, response.status, response.headers.get('content-type'), json) ?? [];
    if (problems.length) throw new Error(`The answer does not match the OpenAPI document:\n${problems.join('\n')}`);
    return { status: response.status, body: json, text, headers: response.headers };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body ?? {}, headers);
  patch = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PATCH', path, body ?? {}, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PUT', path, body ?? {}, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);

  async login(emailOrUsername: string, password: string) {
    const res = await this.post('/api/auth/login', { emailOrUsername, password });
    if (res.status !== 200) throw new Error(`login of ${emailOrUsername} failed: ${res.status} ${res.text}`);
    return res;
  }
}

export async function signedIn(baseUrl: string, account: { username: string; password: string }) {
  const client = new ApiClient(baseUrl);
  await client.login(account.username, account.password);
  return client;
}
