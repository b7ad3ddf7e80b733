import { screen, waitFor, within } from '@testing-library/react';
import { Role } from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeUser, sessionServerForEachTest } from '../../test/session';

const session = sessionServerForEachTest();

async function openLanding() {
  const rendered = renderWithProviders(undefined, { route: '/' });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Share Memories That Last Forever' }),
  ).toBeInTheDocument();
  return rendered;
}

describe('landing page', () => {
  it('takes a guest with an event code from the hero to where it is typed', async () => {
    const { user } = await openLanding();

    const hero = screen
      .getByRole('heading', { level: 1, name: 'Share Memories That Last Forever' })
      .closest('section')!;
    const entry = within(hero).getByRole('link', { name: 'Enter Event Code' });
    expect(entry).toHaveAttribute('href', '/event-code');

    await user.click(entry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join an Event' })).toBeInTheDocument();
  });

  it('has the features, event types, how it works and pricing sections, without the top bar', async () => {
    await openLanding();

    for (const section of ['Features', 'For Every Occasion', 'How It Works', 'Simple Pricing']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    // Every kind of memory a guest can leave, and the keepsake after.
    expect(
      within(screen.getByRole('region', { name: 'Features' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'No app needed',
      'Messages, photos, drawings, clips and voices',
      'Moderation your way',
      'Live on every screen',
      'A keepsake to take home',
    ]);
    const occasions = screen.getByRole('region', { name: 'For Every Occasion' });
    expect(
      within(occasions)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Weddings', 'Memorials', 'General Events']);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('prices the three credit packs, the Value pack marked Most Popular', async () => {
    await openLanding();

    const starter = screen.getByRole('listitem', { name: 'Starter' });
    expect(within(starter).getByText('$50 per credit')).toBeInTheDocument();
    expect(within(starter).getByText('$250 total')).toBeInTheDocument();
    expect(within(starter).getByText('5 credits')).toBeInTheDocument();
    expect(within(starter).queryByText(/Save/)).not.toBeInTheDocument();
    expect(within(starter).queryByText('Most Popular')).not.toBeInTheDocument();

    const value = screen.getByRole('listitem', { name: 'Value' });
    expect(within(value).getByText('$45 per credit')).toBeInTheDocument();
    expect(within(value).getByText('$450 total')).toBeInTheDocument();
    expect(within(value).getByText('10 credits')).toBeInTheDocument();
    expect(within(value).getByText('Save 10%')).toBeInTheDocument();
    expect(within(value).getByText('Most Popular')).toBeInTheDocument();

    const pro = screen.getByRole('listitem', { name: 'Pro' });
    expect(within(pro).getByText('$40 per credit')).toBeInTheDocument();
    expect(within(pro).getByText('$800 total')).toBeInTheDocument();
    expect(within(pro).getByText('20 credits')).toBeInTheDocument();
    expect(within(pro).getByText('Save 20%')).toBeInTheDocument();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
  });

  it('sends Sign In and Register to the sign-in page, Register to its Register tab', async () => {
    const { user } = await openLanding();

    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signin');
    await user.click(screen.getByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    [null, '/signin'],
    [Role.Owner, '/admin'],
    [Role.ServiceProvider, '/events'],
    [Role.Customer, '/events'],
  ])('points the Dashboard link of %s to %s', async (role, href) => {
    session.user = role ? makeUser(role) : null;
    await openLanding();

    await waitFor(() => expect(session.server.requests.map((r) => r.url)).toContain('/api/auth/me'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', href));
  });
});
