import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { startTestServer, type TestServer } from '../../test/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(() => undefined);
});
afterAll(() => server.close());

describe('thank-you page', () => {
  it('goes home when no event is named', async () => {
    renderWithProviders(undefined, { route: '/thank-you' });
    expect(await screen.findByRole('heading', { name: 'Share Memories That Last Forever' })).toBeInTheDocument();
  });

  it('thanks the guest and links home', async () => {
    renderWithProviders(undefined, { route: '/thank-you?event=some-event' });
    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });
});
