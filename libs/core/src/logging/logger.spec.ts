import { createLogger } from './logger';

function linesOf(log: (logger: ReturnType<typeof createLogger>) => void) {
  const lines: Array<Record<string, any>> = [];
  const logger = createLogger('debug', 'api', { write: (line: string) => void lines.push(JSON.parse(line)) });
  log(logger);
  return lines;
}

describe('createLogger', () => {
  it('writes level by name, ISO time and the service on every line', () => {
    const [line] = linesOf((logger) => logger.info({ memoryId: 'm1' }, 'hello'));
    expect(line).toMatchObject({ level: 'info', service: 'api', memoryId: 'm1', msg: 'hello' });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('censors credentials and guest texts, at the top level and one object down', () => {
    const [line] = linesOf((logger) =>
      logger.warn(
        {
          password: 'hunter22',
          pin: '482913',
          content: 'a guest wrote this',
          body: { customerPassword: '123456', content: 'in a body' },
          memory: { content: 'in a memory' },
          dto: { newPassword: 'new-secret', photoCaption: 'our caption', token: 't0k3n' },
          req: {
            headers: { cookie: 'mw_session=abc.sig', authorization: 'Bearer xyz', 'user-agent': 'kept' },
            body: { any: 'request body' },
          },
          err: { message: 'kept too' },
        },
        'attempt',
      ),
    );
    const text = JSON.stringify(line);
    for (const secret of [
      'hunter22',
      '482913',
      'a guest wrote this',
      '123456',
      'in a body',
      'in a memory',
      'request body',
      'new-secret',
      'our caption',
      't0k3n',
      'abc.sig',
      'Bearer xyz',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(line.req.headers['user-agent']).toBe('kept');
    expect(line.memory).toEqual({ content: '[redacted]' });
    expect(line.err.message).toBe('kept too');
  });
});
