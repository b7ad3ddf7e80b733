import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type HostEvent, type SessionUser } from '@memory-wall/contracts';
import { PAGE_LOAD, renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { makeHostEvent } from '../../test/fixtures';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let event: HostEvent;
let patchReply: Reply;
let uploadReply: Reply;

beforeEach(async () => {
  session.user = makeUser(Role.Customer);
  event = makeHostEvent({
    id: 'e-1',
    name: 'Anna & Ben',
    wallTitle: 'Our Wedding',
    wallImage: null,
    moderationType: 'ai_moderation',
    numberOfImagesDisplay: 3,
    transitionTime: 20,
    colorTheme: 'default',
    enableMusic: true,
    animationStyle: 'horizontal',
    displayOrder: 'newest',
  });
  patchReply = undefined;
  uploadReply = undefined;
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.url === '/api/events/e-1') return { status: 200, body: { event } };
    if (req.method === 'PATCH' && req.url === '/api/events/e-1') {
      if (patchReply) return patchReply;
      event = { ...event, ...(req.body as Partial<HostEvent>) };
      return { status: 200, body: { success: true, event } };
    }
    if (req.method === 'POST' && req.url === '/api/upload/featured-image/e-1') {
      if (uploadReply) return uploadReply;
      event = { ...event, wallImage: '/api/media/public/featured/e-1/new.webp' };
      return { status: 200, body: { success: true, imageUrl: event.wallImage } };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

/** Node's File: jest-fixed-jsdom gives the page Node's FormData, which takes only Node's Blob and File. */
const file = (name: string, type: string, size = 8) =>
  new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;

async function openSettings() {
  const rendered = renderWithProviders(undefined, { route: '/wall-settings/e-1' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Wall Settings' }, PAGE_LOAD)).toBeInTheDocument();
  await screen.findByLabelText('Wall Title');
  return rendered;
}

const patches = () => server.requests.filter((r) => r.method === 'PATCH');
const uploads = () => server.requests.filter((r) => r.url.startsWith('/api/upload/'));

describe('wall settings', () => {
  it("tells a customer whose planner keeps the wall's settings that they may not change them", async () => {
    event = { ...event, permissions: { canModerate: true, canEditTheme: false, canEditDetails: false } };
    renderWithProviders(undefined, { route: '/wall-settings/e-1' });

    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      "Your event's planner has not given you access to the wall settings.",
    );
    expect(screen.queryByLabelText('Wall Title')).not.toBeInTheDocument();
  });

  it('offers a host whose planner keeps moderation only the moderation the event has', async () => {
    event = { ...event, permissions: { canModerate: false, canEditTheme: true, canEditDetails: false } };
    await openSettings();

    expect(screen.getAllByRole('radio', { name: /Approve|Moderation/ }).map((r) => r.getAttribute('value'))).toEqual([
      'ai_moderation',
    ]);
    expect(screen.getByRole('radio', { name: 'AI Moderation' })).toBeChecked();
  });

  it("shows the wall's current settings and the way back to the wall", async () => {
    await openSettings();

    expect(screen.getByLabelText('Wall Title')).toHaveValue('Our Wedding');
    expect(screen.getByRole('radio', { name: 'AI Moderation' })).toBeChecked();
    expect(screen.getAllByRole('radio', { name: /Approve|Moderation/ }).map((r) => r.getAttribute('value'))).toEqual([
      'auto_approve',
      'ai_moderation',
      'manual_moderation',
    ]);
    expect(screen.getByLabelText('Memories shown at once')).toHaveValue('3');
    expect(
      within(screen.getByLabelText('Memories shown at once'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2', '3', '4']);
    expect(screen.getByLabelText('Transition Time')).toHaveValue('20');
    expect(
      within(screen.getByLabelText('Transition Time'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10 seconds', '20 seconds', '30 seconds']);
    expect(screen.getByRole('switch', { name: 'Background Music' })).toBeChecked();
    // 'default' is shown as the default light blue.
    expect(screen.getByRole('radio', { name: 'Light Blue' })).toBeChecked();
    expect(screen.getAllByRole('radio', { name: /Blue|Cream|Orange|Gray|Taupe/ })).toHaveLength(5);
    expect(screen.getByLabelText('Animation Style')).toHaveValue('horizontal');
    expect(screen.getByLabelText('Display Order')).toHaveValue('newest');
    expect(screen.getByText('PNG, JPG, GIF up to 5MB')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload Featured Image')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('link', { name: '← Back to Wall' })).toHaveAttribute('href', '/customer-wall');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/customer-wall');
  });

  it('saves every setting in one request', async () => {
    const { user } = await openSettings();

    await user.clear(screen.getByLabelText('Wall Title'));
    await user.type(screen.getByLabelText('Wall Title'), '  Forever Us ');
    await user.click(screen.getByRole('radio', { name: 'Manual Moderation' }));
    await user.selectOptions(screen.getByLabelText('Memories shown at once'), '4');
    await user.selectOptions(screen.getByLabelText('Transition Time'), '30');
    await user.click(screen.getByRole('switch', { name: 'Background Music' }));
    await user.click(screen.getByRole('switch', { name: 'Video Clips' }));
    await user.selectOptions(screen.getByLabelText('Longest clip'), '30');
    await user.click(screen.getByRole('switch', { name: 'Play Voice Messages on Screens' }));
    await user.click(screen.getByRole('radio', { name: 'Cream' }));
    await user.selectOptions(screen.getByLabelText('Animation Style'), 'random');
    await user.selectOptions(screen.getByLabelText('Display Order'), 'oldest');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await findToast('Wall settings updated')).toBeInTheDocument();
    expect(patches().map((r) => [r.url, r.body])).toEqual([
      [
        '/api/events/e-1',
        {
          wallTitle: 'Forever Us',
          wallImage: null,
          moderationType: 'manual_moderation',
          numberOfImagesDisplay: 4,
          transitionTime: 30,
          colorTheme: '#FDFBD4',
          enableMusic: false,
          allowVideo: true,
          maxVideoSeconds: 30,
          allowVoice: true,
          voiceOnScreens: true,
          animationStyle: 'random',
          displayOrder: 'oldest',
        },
      ],
    ]);
  });

  it("shows the server's message when saving fails, or 'Failed to update settings'", async () => {
    patchReply = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Background colour must be a colour like #D6E6F6' },
    };
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    let toast = await findToast('Error');
    expect(within(toast).getByText('Background colour must be a colour like #D6E6F6')).toBeInTheDocument();

    patchReply = { status: 500 };
    // The button reads 'Saving…' until the failed request settles.
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    toast = (await screen.findByText('Failed to update settings')).closest('li')!;
    expect(within(toast).getByText('Error')).toBeInTheDocument();
  });

  it('uploads a featured image, shows it, and saves it with the settings', async () => {
    const { user } = await openSettings();

    await user.upload(screen.getByLabelText('Upload Featured Image'), file('party.jpg', 'image/jpeg', 12));

    const toast = await findToast('Image uploaded');
    expect(within(toast).getByText('Featured image has been uploaded successfully')).toBeInTheDocument();
    expect(uploads().map((r) => r.body)).toEqual([{ image: { name: 'party.jpg', type: 'image/jpeg', size: 12 } }]);
    expect(screen.getByRole('img', { name: 'Featured image preview' })).toHaveAttribute(
      'src',
      '/api/media/public/featured/e-1/new.webp',
    );

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await findToast('Wall settings updated');
    expect(patches()[0].body).toMatchObject({ wallImage: '/api/media/public/featured/e-1/new.webp' });
  });

  it('takes image files only', async () => {
    await openSettings();
    // As a browser does when its file dialog is set to "All files": the accept list is a hint only.
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(screen.getByLabelText('Upload Featured Image'), file('notes.txt', 'text/plain'));

    const toast = await findToast('Upload failed');
    expect(within(toast).getByText('Only image files are allowed')).toBeInTheDocument();
    expect(uploads()).toHaveLength(0);
  });

  it("says 'Upload failed' with the server's message or 'Failed to upload image'", async () => {
    uploadReply = {
      status: 413,
      body: { statusCode: 413, error: 'Payload Too Large', message: 'The image must be at most 5MB' },
    };
    const { user } = await openSettings();

    await user.upload(screen.getByLabelText('Upload Featured Image'), file('huge.png', 'image/png'));
    let toast = await findToast('Upload failed');
    expect(within(toast).getByText('The image must be at most 5MB')).toBeInTheDocument();

    uploadReply = { status: 500 };
    await user.upload(await screen.findByLabelText('Upload Featured Image'), file('again.png', 'image/png'));
    await waitFor(() => expect(uploads()).toHaveLength(2));
    toast = (await screen.findByText('Failed to upload image')).closest('li')!;
    expect(within(toast).getByText('Upload failed')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Featured image preview' })).not.toBeInTheDocument();
  });
});
