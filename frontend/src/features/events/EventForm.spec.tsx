import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_CUSTOMER_PERMISSIONS,
  EventMessages,
  EventStatus,
  Role,
  type HostEvent,
  type SessionUser,
} from '@memory-wall/contracts';
import { PAGE_LOAD, renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { makeHostEvent } from '../../test/fixtures';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let events: HostEvent[];
let createReply: Reply;
let patchReply: Reply;

beforeEach(async () => {
  session.user = makeUser(Role.ServiceProvider);
  events = [];
  createReply = undefined;
  patchReply = undefined;
  server = await startTestServer((req) => {
    if (req.method === 'POST' && req.url === '/api/events') {
      if (createReply) return createReply;
      const body = req.body as Record<string, string>;
      const event = makeHostEvent({
        id: 'new-1',
        name: body.name,
        status: body.customerName ? EventStatus.Live : EventStatus.Draft,
      });
      events.push(event);
      return {
        status: 201,
        body: body.customerName
          ? {
              success: true,
              event,
              customer: {
                id: 'c-1',
                fullName: body.customerName,
                username: body.customerUsername,
                email: body.customerEmail,
              },
              password: body.customerPassword,
            }
          : { success: true, event },
      };
    }
    if (req.method === 'GET' && req.url === '/api/events') return { status: 200, body: { success: true, events } };
    const target = events.find((e) => req.url === `/api/events/${e.id}`);
    if (req.method === 'GET' && target) return { status: 200, body: { event: target } };
    if (req.method === 'PATCH' && target) {
      if (patchReply) return patchReply;
      Object.assign(target, req.body);
      return { status: 200, body: { success: true, event: target } };
    }
    if (req.method === 'POST' && req.url.startsWith('/api/upload/featured-image/')) {
      return { status: 200, body: { success: true, imageUrl: '/api/media/public/featured/new-1/x.webp' } };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

/** A calendar day relative to today, as a date input holds it. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A file as a file input gives it. Node's File, not jsdom's: jest-fixed-jsdom gives the page Node's
 * FormData, which only takes Node's Blob and File.
 */
const imageFile = (name: string, type: string, size: number) =>
  new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;

const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const posts = () => server.requests.filter((r) => r.method === 'POST' && r.url === '/api/events');
const patches = () => server.requests.filter((r) => r.method === 'PATCH');

async function openNew() {
  const rendered = renderWithProviders(undefined, { route: '/events/new' });
  expect(await screen.findByRole('heading', { level: 1, name: 'New Event' }, PAGE_LOAD)).toBeInTheDocument();
  return rendered;
}

async function openEdit(event: HostEvent) {
  events = [event];
  const rendered = renderWithProviders(undefined, { route: `/events/${event.id}/edit` });
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event' }, PAGE_LOAD)).toBeInTheDocument();
  await screen.findByLabelText('Event Name');
  return rendered;
}

describe('new event form', () => {
  it('links back to the events list and cancels to it', async () => {
    await openNew();
    expect(screen.getByRole('link', { name: '← Back to Events' })).toHaveAttribute('href', '/events');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/events');
    expect(screen.queryByLabelText(/Publish this event/)).not.toBeInTheDocument();
  });

  it('refuses past dates in the date pickers', async () => {
    await openNew();
    expect(screen.getByLabelText('Event Date')).toHaveAttribute('min', day(0));
    expect(screen.getByLabelText('End Date')).toHaveAttribute('min', day(0));
    setDate('Event Date', day(10));
    expect(screen.getByLabelText('End Date')).toHaveAttribute('min', day(10));
  });

  it('checks the name and the dates before sending anything', async () => {
    const { user } = await openNew();

    await user.type(screen.getByLabelText('Event Name'), 'ab');
    setDate('Event Date', day(-1));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(screen.getByLabelText('Event Name')).toHaveAccessibleDescription(EventMessages.nameTooShort);
    expect(screen.getByLabelText('Event Date')).toHaveAccessibleDescription(
      `Optional. Past dates cannot be chosen. ${EventMessages.dateInPast}`,
    );
    await waitFor(() => expect(screen.getByLabelText('Event Name')).toHaveFocus());

    setDate('Event Date', day(10));
    setDate('End Date', day(9));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(screen.getByLabelText('End Date')).toHaveAccessibleDescription(EventMessages.endBeforeStart);
    expect(screen.getByLabelText('Event Date')).not.toHaveAttribute('aria-invalid');
    expect(posts()).toHaveLength(0);
  });

  it('does not let the end date precede today when there is no start date', async () => {
    const { user } = await openNew();

    await user.type(screen.getByLabelText('Event Name'), 'Spring Gala');
    setDate('End Date', day(-2));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(screen.getByLabelText('End Date')).toHaveAccessibleDescription(EventMessages.endBeforeStart);
    expect(posts()).toHaveLength(0);
  });

  it('asks for all four customer fields once one is given, and a 6-digit PIN', async () => {
    const { user } = await openNew();
    await user.type(screen.getByLabelText('Event Name'), 'Spring Gala');

    await user.type(screen.getByLabelText('Customer Name'), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(screen.getByLabelText('Customer Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Customer Email')).toHaveAccessibleDescription(EventMessages.customerEmailInvalid);
    expect(screen.getByLabelText('Customer Username')).toHaveAccessibleDescription(
      EventMessages.customerUsernameTooShort,
    );
    expect(screen.getByLabelText('Customer PIN')).toHaveAccessibleDescription(
      `6 digits the customer signs in with. ${EventMessages.pinLength}`,
    );

    await user.type(screen.getByLabelText('Customer Email'), 'anna@example.com');
    await user.type(screen.getByLabelText('Customer Username'), 'anna ben');
    await user.type(screen.getByLabelText('Customer PIN'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(screen.getByLabelText('Customer Username')).toHaveAccessibleDescription(EventMessages.customerUsernameChars);
    expect(screen.getByLabelText('Customer PIN')).toHaveAccessibleDescription(
      `6 digits the customer signs in with. ${EventMessages.pinDigits}`,
    );
    expect(posts()).toHaveLength(0);

    await user.clear(screen.getByLabelText('Customer Name'));
    await user.type(screen.getByLabelText('Customer Name'), 'A');
    await user.clear(screen.getByLabelText('Customer PIN'));
    await user.type(screen.getByLabelText('Customer PIN'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(screen.getByLabelText('Customer Name')).toHaveAccessibleDescription(EventMessages.customerNameRequired);
    expect(screen.getByLabelText('Customer PIN')).toHaveAccessibleDescription(
      `6 digits the customer signs in with. ${EventMessages.pinLength}`,
    );
    expect(posts()).toHaveLength(0);
  });

  it('sends every field of the form and goes to the events list', async () => {
    const { user } = await openNew();

    await user.type(screen.getByLabelText('Event Name'), '  Spring Gala ');
    await user.selectOptions(screen.getByLabelText('Event Type'), 'general');
    setDate('Event Date', day(30));
    setDate('End Date', day(31));
    await user.type(screen.getByLabelText('Event Code'), 'gala26');
    expect(screen.getByLabelText('Event Code')).toHaveValue('GALA26');
    await user.selectOptions(screen.getByLabelText('Default Language'), 'zh');
    await user.click(screen.getByRole('radio', { name: 'Manual Moderation' }));
    await user.type(screen.getByLabelText('Wall Title'), 'Memories of the Gala');
    // The wall image is set by uploading only: no address can be typed in.
    expect(screen.getByLabelText('Wall Image')).toHaveAttribute('readonly');
    await user.selectOptions(screen.getByLabelText('Memories shown at once'), '4');
    await user.selectOptions(screen.getByLabelText('Animation Style'), 'vertical');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(await findToast('Event created')).toBeInTheDocument();
    expect(posts().map((r) => r.body)).toEqual([
      {
        name: 'Spring Gala',
        eventType: 'general',
        eventDate: day(30),
        eventEndDate: day(31),
        moderationType: 'manual_moderation',
        wallTitle: 'Memories of the Gala',
        wallImage: null,
        numberOfImagesDisplay: 4,
        defaultLanguage: 'zh',
        animationStyle: 'vertical',
        eventCode: 'GALA26',
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Events' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('sends the defaults and no customer fields for a bare event', async () => {
    const { user } = await openNew();
    await user.type(screen.getByLabelText('Event Name'), 'Bare Event');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    await findToast('Event created');
    expect(posts().map((r) => r.body)).toEqual([
      {
        name: 'Bare Event',
        eventType: 'wedding',
        eventDate: null,
        eventEndDate: null,
        moderationType: 'ai_moderation',
        wallTitle: null,
        wallImage: null,
        numberOfImagesDisplay: 3,
        defaultLanguage: 'en',
        animationStyle: 'horizontal',
      },
    ]);
  });

  it("shows the customer's username and PIN once after creating with customer access", async () => {
    const { user } = await openNew();
    await user.type(screen.getByLabelText('Event Name'), 'Anna & Ben');
    await user.type(screen.getByLabelText('Customer Name'), 'Anna Smith');
    await user.type(screen.getByLabelText('Customer Email'), 'anna@example.com');
    await user.type(screen.getByLabelText('Customer Username'), 'anna_ben');
    await user.type(screen.getByLabelText('Customer PIN'), '482913');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByRole('heading', { name: 'Customer Access Created' }, PAGE_LOAD)).toBeInTheDocument();
    expect(posts()[0].body).toMatchObject({
      customerName: 'Anna Smith',
      customerEmail: 'anna@example.com',
      customerUsername: 'anna_ben',
      customerPassword: '482913',
    });
    expect(screen.getByRole('definition', { name: 'Username' })).toHaveTextContent('anna_ben');
    expect(screen.getByRole('definition', { name: 'PIN' })).toHaveTextContent('482913');
    // The session's credits are asked for again: the event used one.
    await waitFor(() =>
      expect(server.requests.filter((r) => r.url === '/api/auth/me').length).toBeGreaterThanOrEqual(2),
    );

    const copied = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy PIN' }));
    expect(copied).toHaveBeenCalledWith('482913');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Events' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('fills a generated 6-digit PIN', async () => {
    const { user } = await openNew();
    await user.click(screen.getByRole('button', { name: 'Generate PIN' }));
    expect((screen.getByLabelText('Customer PIN') as HTMLInputElement).value).toMatch(/^[1-9]\d{5}$/);
  });

  it("shows the server's message and field messages when creating fails", async () => {
    createReply = {
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: EventMessages.eventCodeTaken,
        fields: { eventCode: EventMessages.eventCodeTaken },
      },
    };
    const { user } = await openNew();
    await user.type(screen.getByLabelText('Event Name'), 'Spring Gala');
    await user.type(screen.getByLabelText('Event Code'), 'TAKEN1');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    const toast = await findToast('Error');
    expect(within(toast).getByText(EventMessages.eventCodeTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Event Code')).toHaveAccessibleDescription(
      `Optional, 4 to 6 letters or digits. Leave empty to generate one. ${EventMessages.eventCodeTaken}`,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'New Event' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to create event'", async () => {
    createReply = { status: 500 };
    const { user } = await openNew();
    await user.type(screen.getByLabelText('Event Name'), 'Spring Gala');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    const toast = await findToast('Error');
    expect(within(toast).getByText('Failed to create event')).toBeInTheDocument();
  });

  it('uploads a chosen wall image once the event exists', async () => {
    const { user } = await openNew();
    await user.type(screen.getByLabelText('Event Name'), 'With Image');
    const file = imageFile('wall.png', 'image/png', 4);
    await user.upload(screen.getByLabelText('Upload Image'), file);
    expect(screen.getByText('wall.png')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.startsWith('/api/upload/'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    await waitFor(() => expect(server.requests.filter((r) => r.url.startsWith('/api/upload/'))).toHaveLength(1));
    const upload = server.requests.find((r) => r.url.startsWith('/api/upload/'))!;
    expect(upload.url).toBe('/api/upload/featured-image/new-1');
    expect(upload.body).toEqual({ image: { name: 'wall.png', type: 'image/png', size: 4 } });
    expect((posts()[0].body as { wallImage: unknown }).wallImage).toBeNull();
  });
});

describe('edit event form', () => {
  it('shows the saved values and sends only what changed', async () => {
    const event = makeHostEvent({
      id: 'e-1',
      name: 'Anna & Ben',
      status: EventStatus.Live,
      eventType: 'wedding',
      eventDate: '2020-06-12T00:00:00.000Z',
      moderationType: 'manual_moderation',
      wallTitle: 'Our Day',
      eventCode: 'ANNA26',
    });
    const { user } = await openEdit(event);

    expect(screen.getByLabelText('Event Name')).toHaveValue('Anna & Ben');
    expect(screen.getByLabelText('Event Date')).toHaveValue('2020-06-12');
    expect(screen.getByRole('radio', { name: 'Manual Moderation' })).toBeChecked();
    expect(screen.getByLabelText('Wall Title')).toHaveValue('Our Day');
    expect(screen.getByLabelText('Event Code')).toHaveValue('ANNA26');
    expect(screen.queryByLabelText('Customer Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Publish this event/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/events/e-1');

    await user.clear(screen.getByLabelText('Event Name'));
    await user.type(screen.getByLabelText('Event Name'), 'Anna & Ben Forever');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Event updated')).toBeInTheDocument();
    // The past date was kept as it was: it is not sent, so not checked.
    expect(patches().map((r) => [r.url, r.body])).toEqual([['/api/events/e-1', { name: 'Anna & Ben Forever' }]]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna & Ben Forever' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('offers to publish a draft while saving it', async () => {
    const { user } = await openEdit(makeHostEvent({ id: 'd-1', name: 'Spring Gala', status: EventStatus.Draft }));

    await user.click(screen.getByLabelText('Publish this event when saving (uses 1 credit)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await findToast('Event updated');
    expect(patches().map((r) => r.body)).toEqual([{ status: 'live' }]);
  });

  it("falls back to 'Failed to update event'", async () => {
    patchReply = { status: 500 };
    const { user } = await openEdit(makeHostEvent({ id: 'e-9', name: 'Broken' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const toast = await findToast('Error');
    expect(within(toast).getByText('Failed to update event')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
  });

  it('sends a customer who may not edit the details to the wall settings instead', async () => {
    session.user = makeUser(Role.Customer);
    events = [makeHostEvent({ id: 'c-1', name: 'Customer Event', permissions: DEFAULT_CUSTOMER_PERMISSIONS })];
    renderWithProviders(undefined, { route: '/events/c-1/edit' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wall Settings' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it("gives a customer who may edit the details the form, without the wall's fields they may not change", async () => {
    session.user = makeUser(Role.Customer);
    const permissions = { canModerate: true, canEditTheme: false, canEditDetails: true };
    events = [makeHostEvent({ id: 'c-1', name: 'Customer Event', permissions })];
    renderWithProviders(undefined, { route: '/events/c-1/edit' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event' }, PAGE_LOAD)).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Customer Event')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Moderation' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Events/ })).toHaveAttribute('href', '/events/c-1');
  });
});
