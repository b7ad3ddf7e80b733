import Fastify, { FastifyInstance } from 'fastify';
import { AccessLog } from './access-log';

/** The access log's lines, as Fastify calls AccessLog with a real pino logger writing JSON lines. */
describe('AccessLog', () => {
  let app: FastifyInstance;
  let lines: Array<Record<string, unknown>>;

  beforeEach(async () => {
    lines = [];
    app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      logController: new AccessLog(),
    });
    app.get('/ok', async () => ({ ok: true }));
    // A response whose stream fails, as when the client's socket breaks under it.
    app.get('/broken', (_request, reply) => {
      reply.raw.emit('error', new Error('socket gone'));
      reply.send({ ok: true });
    });
    await app.ready();
  });

  afterEach(() => app.close());

  it('writes one line per request, when its response is done, and none at arrival', async () => {
    await app.inject({ method: 'GET', url: '/ok?x=1' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        requestId: expect.any(String),
        method: 'GET',
        url: '/ok?x=1',
        statusCode: 200,
        responseTime: expect.any(Number),
        msg: 'request completed',
      }),
    ]);
  });

  it('writes the request errored line, at error level and with the error, when the response failed', async () => {
    await expect(app.inject({ method: 'GET', url: '/broken' })).rejects.toThrow('socket gone'); // the client sees the failure
    const errored = lines.filter((line) => line.msg === 'request errored');
    expect(errored).toEqual([
      expect.objectContaining({
        level: 50,
        method: 'GET',
        url: '/broken',
        statusCode: 200,
        err: expect.objectContaining({ message: 'socket gone' }),
      }),
    ]);
    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([]);
  });
});
