import { Controller, Get } from '@nestjs/common';
import Fastify from 'fastify';
import { MemoriesController } from '../modules/memories/memories.controller';
import { routeOf } from './routes';

@Controller('things')
class ThingsController {
  @Get('/:id/parts/')
  parts() {
    return [];
  }
}

describe('routeOf', () => {
  it("joins the API prefix, the controller's path and the handler's, as Nest registers them", () => {
    expect(routeOf(ThingsController, 'parts')).toBe('/api/things/:id/parts');
  });

  it('names the route of the public wall that Fastify matches a request to', async () => {
    const app = Fastify();
    let matched: string | undefined;
    app.get(routeOf(MemoriesController, 'list'), async (request) => (matched = request.routeOptions.url));
    await app.inject({ method: 'GET', url: '/api/events/6f1c2a57-3c1e-4f1a-9d55-1f0c7c6a0b11/memories' });
    await app.close();
    expect(matched).toBe(routeOf(MemoriesController, 'list'));
  });
});
