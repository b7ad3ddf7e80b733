import { File as NodeFile } from 'node:buffer';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EventMessages, PHOTO_MAX_BYTES, Role, type HostMemory, type SessionUser } from '@memory-wall/contracts';
import { GUEST_NAME_STORAGE_KEY } from './NameField';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeEvent, makeMemory } from '../../test/fixtures';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';

const EVENT_ID = '6f1c1c5e-8d0a-4f3e-9a57-2b7f0e4c9d11';
const event = makeEvent({ id: EVENT_ID, name: 'Anna & Ben', slug: 'anna-and-ben', eventCode: 'ABC123' });
const submitUrl = (kind: 'message' | 'photo' | 'drawing') => `/api/events/${EVENT_ID}/submissions/${kind}`;
const created: Reply = {
  status: 201,
  body: { success: true, memory: { id: 'm-1', eventId: EVENT_ID, approved: false } },
};
const onWall: HostMemory = {
  ...makeMemory({ id: 'w-1', eventId: EVENT_ID, content: 'Already on the wall' }),
  approved: true,
  flagged: false,
  processingState: 'ready',
  moderation: null,
  publicAt: null,
};

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let submissionReply: Reply;
/** Answers to the next photo submissions, in order, before submissionReply. */
let photoReplies: Reply[];
/** The event as the server answers it (one that takes video clips, for some tests). */
let served = event;

beforeEach(async () => {
  session.user = null;
  submissionReply = created;
  photoReplies = [];
  served = event;
  server = await startTestServer((req) => {
    const { method, url } = req;
    if (method === 'GET' && url === `/api/events/public/${EVENT_ID}`) return { status: 200, body: { event: served } };
    if (method === 'GET' && url === '/api/events/by-code/ABC123')
      return { status: 200, body: { success: true, event } };
    if (method === 'GET' && url === '/api/events/by-slug/anna-and-ben') return { status: 200, body: { event } };
    if (method === 'GET' && url === '/api/events/by-code/BUSY42')
      return {
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: EventMessages.tooManyLookups },
      };
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/memories?approved=true` && session.user) {
      return { status: 200, body: { success: true, memories: [onWall] } };
    }
    if (method === 'POST' && url === submitUrl('photo') && photoReplies.length > 0) return photoReplies.shift();
    if (method === 'POST' && url.startsWith(`/api/events/${EVENT_ID}/submissions/`)) return submissionReply;
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

const submissions = (kind: 'message' | 'photo' | 'drawing') => server.requests.filter((r) => r.url === submitUrl(kind));

async function openForm(route = `/contribute/${EVENT_ID}`) {
  const rendered = renderWithProviders(undefined, { route });
  // The first test of a run also compiles the page's modules: give it time.
  expect(await screen.findByRole('heading', { name: 'Share Your Memory' }, { timeout: 5000 })).toBeInTheDocument();
  // The heading is there while the event is looked up (it is the prerendered first screen): the form comes with the event.
  expect(await screen.findByRole('tab', { name: 'Message' })).toBeInTheDocument();
  return rendered;
}

describe('contribute page: finding the event', () => {
  it.each([
    ['its id', `/contribute/${EVENT_ID}`, `/api/events/public/${EVENT_ID}`],
    ['its code in the address', '/contribute/abc123', '/api/events/by-code/ABC123'],
    ['?code=', '/contribute?code=abc123', '/api/events/by-code/ABC123'],
    ['its slug', '/contribute/anna-and-ben', '/api/events/by-slug/anna-and-ben'],
  ])('finds the event by %s', async (_how, route, lookup) => {
    await openForm(route);
    expect(screen.getByText('Share a message, a photo or a drawing for Anna & Ben.')).toBeInTheDocument();
    expect(server.requests.map((r) => r.url)).toContain(lookup);
  });

  it("greets a guest with the event: its wall's title and picture, in its colours", async () => {
    served = { ...event, wallTitle: 'Love, Anna & Ben', wallImage: '/media/wall.jpg', colorTheme: '#FFE5B3' };
    await openForm();

    expect(await screen.findByText('Love, Anna & Ben')).toBeInTheDocument();
    expect(document.querySelector('img.contribute-event-image')).toHaveAttribute('src', '/media/wall.jpg');
    expect(screen.getByRole('main')).toHaveStyle({ background: '#FFE5B3' });
  });

  it('offers to enter an event code when the event does not exist', async () => {
    renderWithProviders(undefined, { route: '/contribute/missing' });

    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter an Event Code' })).toHaveAttribute('href', '/event-code');
    // Not an id: tried as a code, then as a slug.
    expect(server.requests.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/events/by-code/MISSING', '/api/events/by-slug/missing']),
    );
  });

  it("says the server's reason when it refuses to look the event up (429), and does not try the code again as a slug", async () => {
    renderWithProviders(undefined, { route: '/contribute/busy42' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many event look-ups from this connection. Please wait a moment and try again.',
    );
    expect(screen.getByRole('link', { name: 'Enter an Event Code' })).toHaveAttribute('href', '/event-code');
    expect(server.requests.map((r) => r.url)).not.toContain('/api/events/by-slug/busy42');
  });
});

describe('contribute page: guests and hosts', () => {
  it('offers a guest Message, Photo, Voice and Drawing, without the wall', async () => {
    await openForm();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Message', 'Photo', 'Voice', 'Drawing']);
    expect(screen.getByRole('tab', { name: 'Message' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('heading', { name: 'Add Individual Memory' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'On the wall' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "See everyone's memories" })).toHaveAttribute(
      'href',
      `/gallery/${EVENT_ID}`,
    );
  });

  it('offers a Video tab where the event takes clips, with its length, and asks for a clip before sending', async () => {
    served = { ...event, allowVideo: true, maxVideoSeconds: 30 };
    const { user } = await openForm();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Message',
      'Photo',
      'Video',
      'Voice',
      'Drawing',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(screen.getByLabelText('Video clip')).toHaveAttribute('accept', 'video/*');
    expect(screen.getByText('Up to 30 seconds, as your phone records it')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your Name'), 'Ben');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a video clip to upload');
    expect(server.requests.filter((r) => r.url.includes('/submissions/video'))).toEqual([]);
  });

  it('offers no Voice tab where the event takes no voice messages', async () => {
    served = { ...event, allowVoice: false };
    await openForm();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Message', 'Photo', 'Drawing']);
  });

  it('says so on the Voice tab where the browser cannot record sound', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('tab', { name: 'Voice' }));
    expect(screen.getByText(/This browser cannot record sound/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Recording' })).not.toBeInTheDocument();
  });

  it.each([Role.Customer, Role.ServiceProvider, Role.Owner])(
    'lets a %s add a memory with the wall beside the form',
    async (role) => {
      session.user = makeUser(role);
      renderWithProviders(undefined, { route: `/contribute/${EVENT_ID}` });

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Add Individual Memory' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Share Your Memory' })).not.toBeInTheDocument();
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Message',
        'Photo',
        'Voice',
        'Drawing',
      ]);
      const wall = (await screen.findByRole('heading', { name: 'On the wall' })).closest('section')!;
      expect(await within(wall).findByText('Already on the wall')).toBeInTheDocument();
    },
  );

  it('shows a guest the form while the session check is still unanswered, and keeps what was typed when it answers', async () => {
    let answerSession!: () => void;
    const sessionAnswered = new Promise<void>((resolve) => (answerSession = resolve));
    await server.close();
    server = await startTestServer(async (req) => {
      if (req.url === '/api/auth/me') await sessionAnswered;
      if (req.method === 'GET' && req.url === `/api/events/public/${EVENT_ID}`) return { status: 200, body: { event } };
      if (req.method === 'GET' && req.url === `/api/events/${EVENT_ID}/memories?approved=true`)
        return { status: 200, body: { success: true, memories: [onWall] } };
      return answerMe(session, req);
    });
    session.user = makeUser(Role.Customer);

    const { user } = await openForm();
    expect(server.requests.some((r) => r.url === '/api/auth/me')).toBe(true);
    await user.type(screen.getByLabelText('Message'), 'Typed before the answer');

    // The session turns out to be a host's: the same form, now with the wall beside it.
    answerSession();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Individual Memory' })).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Typed before the answer');
  });

  it('treats a signed-in guest as a guest', async () => {
    session.user = makeUser(Role.Guest);
    await openForm();
    expect(screen.queryByRole('heading', { name: 'Add Individual Memory' })).not.toBeInTheDocument();
  });
});

describe('contribute page: message', () => {
  it('asks for the name and the message before sending anything', async () => {
    const { user } = await openForm();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Your Name')).toHaveAttribute('aria-invalid', 'true');
    expect(submissions('message')).toHaveLength(0);
  });

  it('posts the message as JSON and goes to the thank-you page', async () => {
    const { user } = await openForm();

    await user.type(screen.getByLabelText('Your Name'), '  Carol ');
    await user.type(screen.getByLabelText('Title'), 'Cheers');
    await user.type(screen.getByLabelText('Message'), 'Congratulations!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(submissions('message')).toMatchObject([
      {
        method: 'POST',
        url: submitUrl('message'),
        body: { name: 'Carol', message: 'Congratulations!', title: 'Cheers' },
      },
    ]);
    expect(await screen.findByRole('link', { name: 'View Memory Wall' })).toHaveAttribute(
      'href',
      `/presentation/${EVENT_ID}`,
    );
  });

  it('offers the name a guest signed their last memory with on this device, and remembers a new one', async () => {
    localStorage.setItem(GUEST_NAME_STORAGE_KEY, 'Aunt May');
    const { user } = await openForm();

    expect(await screen.findByDisplayValue('Aunt May')).toBe(screen.getByLabelText('Your Name'));
    await user.clear(screen.getByLabelText('Your Name'));
    await user.type(screen.getByLabelText('Your Name'), 'May ');
    expect(localStorage.getItem(GUEST_NAME_STORAGE_KEY)).toBe('May');
    await user.click(screen.getByRole('tab', { name: 'Photo' }));
    expect(await screen.findByDisplayValue('May')).toBe(screen.getByLabelText('Your Name'));
  });

  it("shows the server's field messages next to the fields", async () => {
    submissionReply = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        fields: { message: 'Message is too long' },
      },
    };
    const { user } = await openForm();

    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Message is too long')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Share Your Memory' })).toBeInTheDocument();
  });

  it('toasts the server message when a submission is refused', async () => {
    submissionReply = {
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'This event is not accepting memories right now' },
    };
    const { user } = await openForm();

    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = (await screen.findByText('This event is not accepting memories right now')).closest('li')!;
    expect(within(toast).getByText('Error submitting message')).toBeInTheDocument();
  });
});

/** A file as the browser's file picker gives it (Node's File, which the fetch under test can send). */
const photoFile = (name: string, type: string, size = 2048) =>
  new NodeFile([new Uint8Array(size).fill(7)], name, { type }) as unknown as File;

async function openPhotoTab() {
  const rendered = await openForm();
  await rendered.user.click(screen.getByRole('tab', { name: 'Photo' }));
  expect(screen.getByLabelText('Photo')).toHaveAttribute('type', 'file');
  return rendered;
}

describe('contribute page: photo', () => {
  it.each([
    ['a PDF', photoFile('menu.pdf', 'application/pdf'), 'Invalid file type'],
    ['a file named .heic that is not a HEIC', photoFile('IMG_0001.heic', 'image/heic'), 'Invalid file type'],
    ['a photo over 10MB', photoFile('huge.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1), 'File too large'],
  ])('refuses %s before sending anything', async (_what, file, message) => {
    await openPhotoTab();
    // The picker's filter is only a hint: the page checks what it gets.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Photo'), file);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of your photo' })).not.toBeInTheDocument();
    expect(submissions('photo')).toHaveLength(0);
  });

  it('accepts a photo of exactly 10MB and shows it', async () => {
    const { user } = await openPhotoTab();
    await user.upload(screen.getByLabelText('Photo'), photoFile('big.png', 'image/png', PHOTO_MAX_BYTES));
    expect(await screen.findByRole('img', { name: 'Preview of your photo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(screen.queryByText('File too large')).not.toBeInTheDocument();
  });

  it('asks for the name and a photo', async () => {
    const { user } = await openPhotoTab();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a photo to upload')).toBeInTheDocument();
    expect(submissions('photo')).toHaveLength(0);
  });

  it('sends the photo as multipart with its name, caption and title, then thanks the guest', async () => {
    const { user } = await openPhotoTab();

    await user.type(screen.getByLabelText('Your Name'), ' Carol ');
    await user.upload(screen.getByLabelText('Photo'), photoFile('beach.jpg', 'image/jpeg', 4096));
    expect(await screen.findByRole('img', { name: 'Preview of your photo' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Caption'), 'At the beach');
    await user.type(screen.getByLabelText('Title'), 'Summer');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(submissions('photo')).toMatchObject([
      {
        method: 'POST',
        url: submitUrl('photo'),
        body: {
          name: 'Carol',
          photoCaption: 'At the beach',
          title: 'Summer',
          photo: { name: 'beach.jpg', type: 'image/jpeg', size: 4096 },
        },
      },
    ]);
  });

  it('leaves out the caption and title when they are empty', async () => {
    const { user } = await openPhotoTab();
    await user.type(screen.getByLabelText('Your Name'), 'Dan');
    await user.upload(screen.getByLabelText('Photo'), photoFile('cake.webp', 'image/webp'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByRole('heading', { name: 'Thank You' });
    expect(submissions('photo')[0].body).toEqual({
      name: 'Dan',
      photo: { name: 'cake.webp', type: 'image/webp', size: 2048 },
    });
  });

  it('shows the upload as a progress bar with its percent while the photo goes up', async () => {
    let answer!: () => void;
    submissionReply = { ...created, bodyAfter: new Promise<void>((resolve) => (answer = resolve)) };
    const sent: XMLHttpRequest[] = [];
    const send = XMLHttpRequest.prototype.send;
    const spy = jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      sent.push(this);
      send.call(this, body);
    });
    try {
      const { user } = await openPhotoTab();
      await user.type(screen.getByLabelText('Your Name'), 'Carol');
      await user.upload(screen.getByLabelText('Photo'), photoFile('beach.jpg', 'image/jpeg', 64 * 1024));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(sent).toHaveLength(1));

      // jsdom reports no upload progress for a cross-origin request: the event a browser fires as the bytes go up.
      act(
        () =>
          void sent[0].upload.dispatchEvent(
            new ProgressEvent('progress', { lengthComputable: true, loaded: 377, total: 1000 }),
          ),
      );
      const bar = await screen.findByRole('progressbar', { name: 'Uploading photo... 37%' });
      expect(bar).toHaveAttribute('aria-valuenow', '37');
      expect(bar).toHaveAttribute('aria-valuetext', '37%');
      expect(bar.firstElementChild).toHaveStyle({ width: '37%' });
      expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();

      answer();
      expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });

  it("toasts the server's refusal", async () => {
    submissionReply = { status: 413, body: { statusCode: 413, error: 'Payload Too Large', message: 'File too large' } };
    const { user } = await openPhotoTab();
    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    await user.upload(screen.getByLabelText('Photo'), photoFile('beach.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await findToast('Error submitting photo');
    expect(within(toast).getByText('File too large')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Share Your Memory' })).toBeInTheDocument();
  });
});

describe('contribute page: several photos at once', () => {
  const pickPhotos = async (user: ReturnType<typeof userEvent.setup>, names: string[]) =>
    user.upload(
      screen.getByLabelText('Photo'),
      names.map((name) => photoFile(name, 'image/jpeg', 4096)),
    );

  it('sends each photo as its own submission with its own id and progress, then thanks the guest once', async () => {
    const ids: string[] = [];
    const sent: XMLHttpRequest[] = [];
    const { send, setRequestHeader } = XMLHttpRequest.prototype;
    const sends = jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (
      this: XMLHttpRequest,
      body,
    ) {
      sent.push(this);
      send.call(this, body);
    });
    const headers = jest.spyOn(XMLHttpRequest.prototype, 'setRequestHeader').mockImplementation(function (
      this: XMLHttpRequest,
      name,
      value,
    ) {
      if (name.toLowerCase() === 'x-submission-id') ids.push(value);
      setRequestHeader.call(this, name, value);
    });
    let answer!: () => void;
    photoReplies = [{ ...created, bodyAfter: new Promise<void>((resolve) => (answer = resolve)) }];
    try {
      const { user } = await openPhotoTab();
      expect(screen.getByLabelText('Photo')).toHaveAttribute('multiple');
      await user.type(screen.getByLabelText('Your Name'), 'Carol');
      await pickPhotos(user, ['one.jpg', 'two.jpg', 'three.jpg']);
      for (const name of ['one.jpg', 'two.jpg', 'three.jpg'])
        expect(await screen.findByRole('img', { name: `Preview of ${name}` })).toBeInTheDocument();
      // Crop / Rotate is for a single photo.
      expect(screen.queryByRole('button', { name: 'Crop / Rotate' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove two.jpg' }));
      await user.type(screen.getByLabelText('Caption'), 'The dance floor');
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      await waitFor(() => expect(sent).toHaveLength(1));
      act(
        () =>
          void sent[0].upload.dispatchEvent(
            new ProgressEvent('progress', { lengthComputable: true, loaded: 420, total: 1000 }),
          ),
      );
      expect(await screen.findByRole('progressbar', { name: 'one.jpg' })).toHaveAttribute('aria-valuenow', '42');
      expect(screen.queryByRole('progressbar', { name: 'three.jpg' })).not.toBeInTheDocument();
      answer();

      expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
      expect(submissions('photo').map((r) => r.body)).toEqual(
        ['one.jpg', 'three.jpg'].map((name) => ({
          name: 'Carol',
          photoCaption: 'The dance floor',
          photo: { name, type: 'image/jpeg', size: 4096 },
        })),
      );
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
    } finally {
      sends.mockRestore();
      headers.mockRestore();
    }
  });

  it('takes at most 10 at once and says so', async () => {
    const { user } = await openPhotoTab();
    await pickPhotos(
      user,
      Array.from({ length: 11 }, (_, i) => `photo-${i + 1}.jpg`),
    );

    expect(await screen.findByText('Up to 10 photos at once')).toBeInTheDocument();
    expect(await screen.findAllByRole('img', { name: /^Preview of photo-/ })).toHaveLength(10);
    expect(screen.queryByRole('img', { name: 'Preview of photo-11.jpg' })).not.toBeInTheDocument();
  });

  it('marks the photo the server refused, keeps the ones not yet sent, and sends only those again', async () => {
    photoReplies = [
      created,
      { status: 413, body: { statusCode: 413, error: 'Payload Too Large', message: 'File too large' } },
    ];
    const { user } = await openPhotoTab();
    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    await pickPhotos(user, ['one.jpg', 'two.jpg', 'three.jpg']);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await findToast('Error submitting photo');
    expect(within(toast).getByText('File too large')).toBeInTheDocument();
    const tiles = screen.getAllByRole('listitem');
    expect(tiles[0]).toHaveTextContent('Sent');
    expect(within(tiles[1]).getByRole('alert')).toHaveTextContent('File too large');
    expect(submissions('photo')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove two.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(submissions('photo').map((r) => (r.body as { photo: { name: string } }).photo.name)).toEqual([
      'one.jpg',
      'two.jpg',
      'three.jpg',
    ]);
  });
});

describe('contribute page: drawing', () => {
  const PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  // jsdom has no 2D canvas: a context that accepts every drawing call, and a fixed PNG export.
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  let getContext: jest.SpyInstance;
  let toDataURL: jest.SpyInstance;
  beforeEach(() => {
    getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
    toDataURL = jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG);
  });
  afterEach(() => {
    getContext.mockRestore();
    toDataURL.mockRestore();
  });

  async function openDrawingTab() {
    const rendered = await openForm();
    await rendered.user.click(screen.getByRole('tab', { name: 'Drawing' }));
    const pad = screen.getByRole('img', { name: 'Your drawing' });
    await waitFor(() => expect(pad.style.touchAction).toBe('none')); // signature_pad has loaded
    return { ...rendered, pad };
  }

  const draw = (pad: HTMLElement) =>
    act(() => {
      fireEvent.mouseDown(pad, { buttons: 1, clientX: 10, clientY: 10 });
      fireEvent.mouseMove(window, { buttons: 1, clientX: 40, clientY: 30 });
      fireEvent.mouseMove(window, { buttons: 1, clientX: 80, clientY: 60 });
      fireEvent.mouseUp(window, { buttons: 0, clientX: 80, clientY: 60 });
    });

  it('requires a drawing', async () => {
    const { user } = await openDrawingTab();
    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText('Drawing is required')).toBeInTheDocument();
    expect(submissions('drawing')).toHaveLength(0);
  });

  it('posts the drawing as a PNG data URL with the name and title', async () => {
    const { user, pad } = await openDrawingTab();
    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    await user.type(screen.getByLabelText('Title'), 'Hearts');
    draw(pad);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(submissions('drawing')).toMatchObject([
      { method: 'POST', url: submitUrl('drawing'), body: { name: 'Carol', content: PNG, title: 'Hearts' } },
    ]);
  });

  it('draws with the chosen colour and size', async () => {
    const { user, pad } = await openDrawingTab();
    const radii: number[] = [];
    context.arc = (_x: number, _y: number, radius: number) => void radii.push(radius);
    expect(screen.getByRole('radio', { name: 'Black' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Red' }));
    await user.click(screen.getByRole('radio', { name: 'Thick' }));
    expect(screen.getByRole('radio', { name: 'Red' })).toBeChecked();
    draw(pad);
    expect(context.fillStyle).toBe('#d64545');
    expect(Math.min(...radii)).toBeGreaterThanOrEqual(4);

    radii.length = 0;
    await user.click(screen.getByRole('radio', { name: 'Thin' }));
    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    draw(pad);
    expect(context.fillStyle).toBe('#2f6fd6');
    expect(Math.max(...radii)).toBeLessThanOrEqual(1.5);
  });

  it('takes back the last stroke on Undo, and only that one', async () => {
    const { user, pad } = await openDrawingTab();
    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    draw(pad);
    draw(pad);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(submissions('drawing')).toHaveLength(1);
  });

  it('has nothing left to send after undoing its only stroke', async () => {
    const { user, pad } = await openDrawingTab();
    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    draw(pad);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Drawing is required')).toBeInTheDocument();
    expect(submissions('drawing')).toHaveLength(0);
  });

  it('starts over after Clear', async () => {
    const { user, pad } = await openDrawingTab();
    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    draw(pad);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText('Drawing is required')).toBeInTheDocument();
    expect(submissions('drawing')).toHaveLength(0);
  });
});
