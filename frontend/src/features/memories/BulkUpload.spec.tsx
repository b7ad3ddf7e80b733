import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BULK_PHOTO_MAX_BYTES, Role, type SessionUser } from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeHostEvent } from '../../test/fixtures';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { captionFromFileName } from './BulkUpload';

const EVENT_ID = 'event-1';
const photoUrl = `/api/events/${EVENT_ID}/submissions/photo`;
const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let photoReplies: Reply[];

beforeEach(async () => {
  session.user = makeUser(Role.ServiceProvider);
  photoReplies = [];
  server = await startTestServer((req) => {
    if (req.url === `/api/events/${EVENT_ID}`)
      return { status: 200, body: { event: makeHostEvent({ id: EVENT_ID, name: 'Garden Wedding' }) } };
    if (
      req.url === `/api/events/${EVENT_ID}/submissions/pending` ||
      req.url.startsWith(`/api/events/${EVENT_ID}/memories`)
    ) {
      return { status: 200, body: { success: true, memories: [] } };
    }
    if (req.method === 'POST' && req.url === photoUrl) {
      return (
        photoReplies.shift() ?? {
          status: 201,
          body: { success: true, memory: { id: 'm', eventId: EVENT_ID, approved: true } },
        }
      );
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

const image = (name: string, size = 1024, type = 'image/jpeg') =>
  new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;
const uploads = () => server.requests.filter((r) => r.method === 'POST' && r.url === photoUrl);

async function openBulkUpload() {
  const rendered = renderWithProviders(undefined, { route: `/memories/${EVENT_ID}` });
  const card = (await screen.findByRole('heading', { name: 'Bulk Upload' }, { timeout: 5000 })).closest('section')!;
  const inCard = within(card);
  return { ...rendered, card: inCard, images: () => inCard.getByLabelText('Images') };
}

describe('bulk upload', () => {
  it('explains the files it takes', async () => {
    const { card, images } = await openBulkUpload();
    expect(card.getByText('JPG, PNG, or GIF - Up to 5MB each')).toBeInTheDocument();
    expect(images()).toHaveAttribute('multiple');
    expect(card.getByLabelText('Your Name')).toBeInTheDocument();
  });

  it('asks for files and an author name before sending anything', async () => {
    const { user, card } = await openBulkUpload();
    await user.click(card.getByRole('button', { name: 'Upload Images' }));

    expect(card.getByText('Please select at least one file')).toBeInTheDocument();
    expect(card.getByText('Author name is required')).toBeInTheDocument();
    expect(uploads()).toHaveLength(0);
  });

  it('takes only image files', async () => {
    const { card, images } = await openBulkUpload();
    await userEvent.setup({ applyAccept: false }).upload(images(), [image('notes.txt', 100, 'text/plain')]);

    expect(card.getByText('Only image files are allowed')).toBeInTheDocument();
    expect(card.queryByRole('list')).not.toBeInTheDocument();
  });

  it("takes an iPhone's HEIC that a desktop browser gives no type (the server decodes it)", async () => {
    const { user, card, images } = await openBulkUpload();
    await userEvent.setup({ applyAccept: false }).upload(images(), [image('IMG_0042.HEIC', 2000, '')]);
    await user.type(card.getByLabelText('Your Name'), 'Grandma');
    await user.click(card.getByRole('button', { name: 'Upload Images' }));

    await findToast('Upload complete');
    expect(uploads().map((r) => r.body)).toEqual([
      {
        name: 'Grandma',
        photoCaption: 'IMG_0042',
        bulk: 'true',
        photo: { name: 'IMG_0042.HEIC', type: 'application/octet-stream', size: 2000 },
      },
    ]);
  });

  it('shows a HEIC this browser cannot convert as a placeholder, never as a broken image', async () => {
    const { card, images } = await openBulkUpload();
    await userEvent.setup({ applyAccept: false }).upload(images(), [image('IMG_0042.HEIC', 2000, '')]);

    // jsdom shows no HEIC and its bytes are no real HEIC: the converter fails, the tile says what it is.
    const tile = await card.findByRole('img', { name: 'IMG_0042.HEIC' });
    expect(tile.tagName).not.toBe('IMG');
    expect(tile).toHaveTextContent('HEIC');
    expect(images()).toHaveAttribute('accept', expect.stringContaining('.heic'));
  });

  it('takes files up to 5MB each', async () => {
    const { user, card, images } = await openBulkUpload();
    await user.upload(images(), [image('ok.jpg', BULK_PHOTO_MAX_BYTES), image('big.jpg', BULK_PHOTO_MAX_BYTES + 1)]);

    expect(card.getByText('Each file must be less than 5MB')).toBeInTheDocument();
    expect(card.getAllByRole('listitem')).toHaveLength(1);
    expect(card.getByRole('img', { name: 'ok.jpg' })).toBeInTheDocument();
  });

  it('sends one request per file, captioned with the file name, then resets the form', async () => {
    const { user, card, images } = await openBulkUpload();
    await user.type(card.getByLabelText('Your Name'), ' Grandma ');
    await user.upload(images(), [
      image('Beach Day.jpg', 3000),
      image('cake.final.png', 2000, 'image/png'),
      image('skip.gif', 10, 'image/gif'),
    ]);
    await user.click(card.getByRole('button', { name: 'Remove skip.gif' }));
    expect(card.getByText('2 images selected')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Upload Images' }));

    const toast = await findToast('Upload complete');
    expect(within(toast).getByText('Successfully uploaded 2 images')).toBeInTheDocument();
    expect(uploads().map((r) => r.body)).toEqual([
      {
        name: 'Grandma',
        photoCaption: 'Beach Day',
        bulk: 'true',
        photo: { name: 'Beach Day.jpg', type: 'image/jpeg', size: 3000 },
      },
      {
        name: 'Grandma',
        photoCaption: 'cake.final',
        bulk: 'true',
        photo: { name: 'cake.final.png', type: 'image/png', size: 2000 },
      },
    ]);
    expect(card.getByText('Your images have been uploaded successfully')).toBeInTheDocument();
    expect(card.queryByRole('listitem')).not.toBeInTheDocument();
    expect(card.getByLabelText('Your Name')).toHaveValue('');
  });

  it("stops at a refused file with the server's message and keeps what was not sent", async () => {
    photoReplies = [
      { status: 201, body: { success: true, memory: { id: 'm', eventId: EVENT_ID, approved: true } } },
      {
        status: 413,
        body: { statusCode: 413, error: 'Payload Too Large', message: 'Each file must be less than 5MB' },
      },
    ];
    const { user, card, images } = await openBulkUpload();
    await user.type(card.getByLabelText('Your Name'), 'Grandma');
    await user.upload(images(), [image('one.jpg'), image('two.jpg'), image('three.jpg')]);
    await user.click(card.getByRole('button', { name: 'Upload Images' }));

    const toast = await findToast('Upload failed');
    expect(within(toast).getByText('Each file must be less than 5MB')).toBeInTheDocument();
    expect(uploads()).toHaveLength(2);
    const alert = card.getByRole('alert');
    expect(alert).toHaveTextContent('Upload Error');
    await waitFor(() =>
      expect(card.getAllByRole('listitem').map((item) => item.querySelector('img')!.alt)).toEqual([
        'two.jpg',
        'three.jpg',
      ]),
    );
    expect(card.getByLabelText('Your Name')).toHaveValue('Grandma');
  });

  it('falls back to a general message when the server gives none', async () => {
    // A refusal (4xx) without a message: a 5xx would be sent again, as a dropped connection is.
    photoReplies = [{ status: 400 }];
    const { user, card, images } = await openBulkUpload();
    await user.type(card.getByLabelText('Your Name'), 'Grandma');
    await user.upload(images(), [image('one.jpg')]);
    await user.click(card.getByRole('button', { name: 'Upload Images' }));

    const toast = await findToast('Upload failed');
    expect(within(toast).getByText('Something went wrong during upload')).toBeInTheDocument();
  });
});

describe('captionFromFileName', () => {
  it.each([
    ['Beach Day.jpg', 'Beach Day'],
    ['cake.final.png', 'cake.final'],
    ['noextension', 'noextension'],
    ['.hidden', '.hidden'],
  ])('%s → %s', (name, caption) => expect(captionFromFileName(name)).toBe(caption));
});
