import { screen } from '@testing-library/react';
import { Role } from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeUser, sessionServerForEachTest } from '../../test/session';

const session = sessionServerForEachTest();

describe('/dashboard', () => {
  it.each([
    [Role.ServiceProvider, 'Your Events'],
    [Role.Customer, 'Customer Wall'],
    [Role.Owner, 'Admin Dashboard'],
  ])('opens the %s area', async (role, heading) => {
    session.user = makeUser(role);
    renderWithProviders(undefined, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('asks a guest to pick an event', async () => {
    session.user = makeUser(Role.Guest);
    renderWithProviders(undefined, { route: '/dashboard' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pick an Event' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter Event Code' })).toHaveAttribute('href', '/event-code');
  });

  it('sends a signed-out visitor to sign in', async () => {
    renderWithProviders(undefined, { route: '/dashboard' });
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
  });
});
