import Fastify from 'fastify';
import { describeRawRequest, trustProxyHops } from './trusted-proxies';

/** The live socket's upgrade never reaches Fastify: its client address and addressed origin must read as Fastify's would. */
describe('describeRawRequest', () => {
  const cases: Array<Record<string, string>> = [
    {},
    { host: 'wall.example:8443' },
    { 'x-forwarded-for': '10.0.0.7' },
    { 'x-forwarded-for': '203.0.113.9, 10.0.0.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'wall.example' },
    { 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'evil.example, wall.example' },
  ];

  it.each([0, 1, 2])('agrees with Fastify on ip, protocol and host with TRUST_PROXY=%i', async (hops) => {
    const trust = trustProxyHops(hops);
    const fastify = Fastify({ trustProxy: trust });
    fastify.get('/', async (request) => ({
      fastify: { ip: request.ip, addressedTo: `${request.protocol}://${request.host}` },
      raw: describeRawRequest(request.raw, trust),
    }));
    for (const headers of cases) {
      const seen = (await fastify.inject({ method: 'GET', url: '/', headers })).json();
      expect({ headers, ...seen.raw }).toEqual({ headers, ...seen.fastify });
    }
    await fastify.close();
  });
});
