import { screen, within } from '@testing-library/react';
import { MemoryType, type PublicMemory } from '@memory-wall/contracts';
import { makeMemory } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MemoryCard, type MemoryCardProps } from './MemoryCard';
import { hostMemory } from './testFixtures';

const media = {
  card: { url: '/m/card.webp', width: 800, height: 600 },
  full: { url: '/m/full.webp', width: 1920, height: 1440 },
};
const noop = () => undefined;
const render = (props: MemoryCardProps) => renderWithProviders(<MemoryCard {...props} />);
const card = () => screen.getByTestId('memory-card');

const clipMedia = {
  card: { url: '/m/poster-card.webp', width: 800, height: 450 },
  full: { url: '/m/poster-full.webp', width: 1280, height: 720 },
  video: { url: '/m/clip.mp4', width: 1280, height: 720, duration: 12.5 },
};

describe('memory card: video clips', () => {
  const clip = () => makeMemory({ type: MemoryType.Video, content: '', photoCaption: 'The toast', media: clipMedia });

  it('shows the poster with a play control on a wall, and the clip with its controls once played', async () => {
    const { user } = render({ memory: clip(), variant: 'normal' });
    expect(screen.getByRole('img', { name: 'The toast' })).toHaveAttribute('src', '/m/poster-card.webp');
    expect(document.querySelector('video')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play the video clip' }));
    const video = screen.getByTestId('memory-video');
    expect(video).toHaveAttribute('src', '/m/clip.mp4');
    expect(video).toHaveAttribute('controls');
  });

  it('plays the clip muted, without controls, when it is its turn on a venue screen', () => {
    const onEnded = jest.fn();
    const { rerender } = render({ memory: clip(), clip: { playing: false, onEnded } });
    expect(screen.queryByRole('button', { name: 'Play the video clip' })).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    rerender(<MemoryCard memory={clip()} clip={{ playing: true, onEnded }} />);
    const video = screen.getByTestId('memory-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video).not.toHaveAttribute('controls');
    video.dispatchEvent(new Event('ended'));
    expect(onEnded).toHaveBeenCalledTimes(1);
  });
});

describe('memory card', () => {
  it('shows only "From {author}" in presentation mode, with the full-size image', () => {
    render({
      memory: makeMemory({ type: MemoryType.Photo, content: '', photoCaption: 'Cake!', author: 'Carol', media }),
    });
    expect(within(card()).getByText('From Carol')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cake!' })).toHaveAttribute('src', '/m/full.webp');
    expect(screen.queryByText(/ago$/)).not.toBeInTheDocument();
  });

  it('offers both renditions in presentation mode, so the browser loads the one that fits the place', () => {
    const memory = makeMemory({ type: MemoryType.Photo, content: '', photoCaption: 'Cake!', media });
    const { unmount } = render({ memory, sizes: '400px' });
    const image = screen.getByRole('img', { name: 'Cake!' });
    expect(image).toHaveAttribute('srcset', '/m/card.webp 800w, /m/full.webp 1920w');
    expect(image).toHaveAttribute('sizes', '400px');
    unmount();
    render({ memory });
    expect(screen.getByRole('img', { name: 'Cake!' })).toHaveAttribute('sizes', '100vw');
  });

  it('shows the author and how long ago in normal mode, with the card-size image', () => {
    const createdAt = new Date(Date.now() - 5 * 60_000).toISOString();
    render({
      memory: makeMemory({
        type: MemoryType.Photo,
        content: '',
        photoCaption: 'Cake!',
        author: 'Carol',
        media,
        createdAt,
      }),
      variant: 'normal',
    });
    expect(screen.getByText('Carol')).toBeInTheDocument();
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    expect(screen.queryByText('From Carol')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cake!' })).toHaveAttribute('src', '/m/card.webp');
  });

  it('captions a photo with its title when it has no caption, and not twice', () => {
    render({ memory: makeMemory({ type: MemoryType.Photo, content: '', title: 'Our day', media }) });
    expect(screen.getAllByText('Our day')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Our day' })).toBeInTheDocument();
  });

  it.each<[string, Partial<PublicMemory>]>([
    ['a message', { content: '恭喜你们新婚快乐 love' }],
    ['a caption', { type: MemoryType.Photo, content: '', photoCaption: '我们的婚礼', media }],
  ])('marks %s that is mostly Chinese', (_what, memory) => {
    render({ memory: makeMemory(memory) });
    expect(card().querySelector('[lang="zh"]')).not.toBeNull();
  });

  it('does not mark English text as Chinese', () => {
    render({ memory: makeMemory({ content: 'Congratulations 恭' }) });
    expect(card().querySelector('[lang="zh"]')).toBeNull();
  });

  it('shows a pending memory to moderators with a badge, the amber highlight, Reject and Approve', () => {
    render({
      memory: hostMemory({ content: 'Wait for me' }),
      variant: 'normal',
      moderation: { onApprove: noop, onReject: noop },
    });
    expect(within(card()).getByText('Pending')).toBeInTheDocument();
    expect(card()).toHaveClass('memory-card-pending');
    expect(
      within(card())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reject', 'Approve']);
  });

  it('says a memory could not be processed, and why, offering only Reject', () => {
    render({
      memory: hostMemory({
        type: MemoryType.Photo,
        content: '',
        processingState: 'failed',
        moderation: { reason: 'image_unreadable' },
      }),
      variant: 'normal',
      moderation: { onApprove: noop, onReject: noop },
    });
    expect(within(card()).getByText('Could not be processed')).toBeInTheDocument();
    expect(within(card()).getByText('The image could not be processed')).toBeInTheDocument();
    expect(
      within(card())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reject']);
  });

  it('says what went wrong when the workers gave up on a memory', () => {
    render({
      memory: hostMemory({
        processingState: 'failed',
        moderation: { reason: 'processing_failed', detail: 'connection reset' },
      }),
      variant: 'normal',
      moderation: { onApprove: noop, onReject: noop },
    });
    expect(within(card()).getByText('Processing failed: connection reset')).toBeInTheDocument();
  });

  it('waits with Approve while the memory is being processed', () => {
    render({
      memory: hostMemory({ processingState: 'processing' }),
      variant: 'normal',
      moderation: { onApprove: noop, onReject: noop },
    });
    expect(within(card()).getByText('Processing...')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('says a photo or clip whose files the retention deleted is no longer kept, with its caption', () => {
    for (const type of [MemoryType.Photo, MemoryType.Video]) {
      const { unmount } = render({
        memory: makeMemory({ type, content: '', photoCaption: 'Cake!', media: null }),
        variant: 'normal',
      });
      expect(within(card()).getByText('Media no longer kept')).toBeInTheDocument();
      expect(within(card()).getByText('Cake!')).toBeInTheDocument();
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
      unmount();
    }
    // One still being processed has no files yet: it is not said to be gone.
    render({ memory: hostMemory({ type: MemoryType.Photo, content: '', media: null, processingState: 'processing' }) });
    expect(screen.queryByText('Media no longer kept')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The image is being prepared' })).toBeInTheDocument();
  });

  it('marks a flagged memory', () => {
    render({ memory: hostMemory({ approved: true, flagged: true }), variant: 'normal' });
    expect(within(card()).getByText('Flagged for review')).toBeInTheDocument();
  });

  it('gives a customer Feature and Flag as round icons in presentation mode', () => {
    render({ memory: hostMemory({ approved: true, featured: true }), customer: { onFeature: noop, onFlag: noop } });
    expect(screen.getByRole('button', { name: 'Featured' })).toHaveClass('mw-icon-button');
    expect(screen.getByRole('button', { name: 'Flag' })).toHaveClass('mw-icon-button');
  });

  it('gives no customer actions on a memory that is not on the wall', () => {
    render({ memory: hostMemory(), variant: 'normal', customer: { onFeature: noop, onFlag: noop } });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('memory card: long messages and hearts', () => {
  const long = 'So many memories of you both. '.repeat(30).trim();
  /** The layout's answer for a clamped paragraph: how tall its text is, and how tall it is shown. */
  function layoutGives(scrollHeight: number, clientHeight: number) {
    jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
  }
  afterEach(() => jest.restoreAllMocks());

  it('clamps a long message on a wall card, with "Read more" that shows it all and back', async () => {
    layoutGives(600, 180);
    const { user } = render({ memory: makeMemory({ content: long }), variant: 'normal' });
    const text = screen.getByText(long);
    expect(text).toHaveClass('memory-text-clamped');

    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('aria-controls', text.id);
    await user.click(more);
    expect(text).not.toHaveClass('memory-text-clamped');
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(text).toHaveClass('memory-text-clamped');
  });

  it('offers no "Read more" for a message that fits, nor on the presentation', () => {
    layoutGives(120, 120);
    render({ memory: makeMemory({ id: 'short', content: 'Cheers!' }), variant: 'normal' });
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
    jest.restoreAllMocks();

    layoutGives(600, 180);
    render({ memory: makeMemory({ id: 'venue', content: long }) });
    expect(screen.getAllByText(long).at(-1)).not.toHaveClass('memory-text-clamped');
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
  });

  it("shows a memory's hearts on a host's wall card, without a button", () => {
    render({ memory: hostMemory({ approved: true, hearts: 4 }), variant: 'normal' });
    expect(within(card()).getByTestId('heart-count')).toHaveTextContent('4 hearts');
    expect(within(card()).queryByRole('button', { name: /Heart this memory/ })).not.toBeInTheDocument();
  });
});
