import { screen } from '@testing-library/react';
import type { PublicEvent } from '@memory-wall/contracts';
import { addPageTexts } from '../../i18n/lazy';
import { contributePageTexts } from '../../i18n/pages/contribute';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeEvent } from '../../test/fixtures';
import { formOnDemand } from './ContributeTabs';

addPageTexts('contributePage', contributePageTexts);
const event = makeEvent({ name: 'Anna & Ben' }) as PublicEvent;
const PhotoForm = ({ event }: { event: PublicEvent }) => <p>Photo form for {event.name}</p>;

describe('a contribute form loaded on demand', () => {
  it('says so when its code could not load, and loads it when the guest tries again', async () => {
    const load = jest
      .fn<Promise<typeof PhotoForm>, []>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(PhotoForm);
    const { Form } = formOnDemand(load);
    const { user } = renderWithProviders(<Form event={event} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This form could not load. Check your connection and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('Photo form for Anna & Ben')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads its code once, however often it is reached for and shown', async () => {
    const load = jest.fn(() => Promise.resolve(PhotoForm));
    const { Form, preload } = formOnDemand(load);
    await Promise.all([preload(), preload()]);
    renderWithProviders(
      <>
        <Form event={event} />
        <Form event={event} />
      </>,
    );

    expect(screen.getAllByText('Photo form for Anna & Ben')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
