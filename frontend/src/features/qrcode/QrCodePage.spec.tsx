import { screen, waitFor, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { Role, type HostEvent, type SessionUser } from '@memory-wall/contracts';
import { makeEvent, makeHostEvent } from '../../test/fixtures';
import { PAGE_LOAD, renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type TestServer } from '../../test/testServer';
import { canvasPixels, installSoftwareCanvas, pngPixels } from './test/softwareCanvas';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let hostEvents: HostEvent[];
const published = makeEvent({ id: 'public-1', name: 'Garden Party', eventCode: 'GARDEN' });

let uninstall: () => void;
beforeAll(() => (uninstall = installSoftwareCanvas()));
afterAll(() => uninstall());

beforeEach(async () => {
  session.user = null;
  hostEvents = [];
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.url === '/api/events')
      return { status: 200, body: { success: true, events: hostEvents } };
    const own = hostEvents.find((e) => req.url === `/api/events/${e.id}`);
    if (req.method === 'GET' && own) return { status: 200, body: { event: own } };
    if (req.method === 'GET' && req.url === '/api/events/public/public-1')
      return { status: 200, body: { event: published } };
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

const origin = window.location.origin;

/** The text the QR code on the page decodes to (jsQR on the canvas pixels). */
async function decodedQr(name: string): Promise<string | undefined> {
  const canvas = (await screen.findByRole('img', { name: `QR code for ${name}` })) as HTMLCanvasElement;
  const { data, width, height } = canvasPixels(canvas);
  return jsQR(data, width, height)?.data;
}

async function open(user: SessionUser, route: string) {
  session.user = user;
  const rendered = renderWithProviders(undefined, { route });
  expect(await screen.findByRole('heading', { level: 1, name: 'QR Code' }, PAGE_LOAD)).toBeInTheDocument();
  return rendered;
}

describe('QR code page', () => {
  it("draws a QR code of the event's contribute address, with its code", async () => {
    hostEvents = [makeHostEvent({ id: 'e-1', name: 'Anna & Ben', eventCode: 'ANNA26' })];
    await open(makeUser(Role.Owner), '/qrcode/e-1');

    expect(await decodedQr('Anna & Ben')).toBe(`${origin}/contribute?code=ANNA26`);
    expect(screen.getByTestId('event-code')).toHaveTextContent('ANNA26');
    const canvas = screen.getByRole('img', { name: 'QR code for Anna & Ben' }) as HTMLCanvasElement;
    expect(canvas.width).toBe(200 * (window.devicePixelRatio || 1));
    expect(screen.getByRole('link', { name: 'Test Contribution Link' })).toHaveAttribute(
      'href',
      `${origin}/contribute?code=ANNA26`,
    );
  });

  it('points to /contribute/{id} for an event without a code', async () => {
    hostEvents = [makeHostEvent({ id: 'e-2', name: 'No Code', eventCode: null })];
    await open(makeUser(Role.Owner), '/qrcode/e-2');

    expect(await decodedQr('No Code')).toBe(`${origin}/contribute/e-2`);
    expect(screen.queryByTestId('event-code')).not.toBeInTheDocument();
  });

  it("shows a customer's most recently created event when no event is named", async () => {
    hostEvents = [
      makeHostEvent({ id: 'older', name: 'Older Event', eventCode: 'OLDER1', createdAt: '2025-01-01T00:00:00.000Z' }),
      makeHostEvent({ id: 'newer', name: 'Newer Event', eventCode: 'NEWER1', createdAt: '2025-05-01T00:00:00.000Z' }),
    ];
    await open(makeUser(Role.Customer), '/qrcode');

    expect(await decodedQr('Newer Event')).toBe(`${origin}/contribute?code=NEWER1`);
  });

  it('shows a guest the public event, and asks for a code without one', async () => {
    const { unmount } = await open(makeUser(Role.Guest), '/qrcode/public-1');
    expect(await decodedQr('Garden Party')).toBe(`${origin}/contribute?code=GARDEN`);
    expect(server.requests.some((r) => r.url === '/api/events/public-1')).toBe(false);
    unmount();

    await open(makeUser(Role.Guest), '/qrcode');
    expect(screen.getByRole('link', { name: 'Enter Event Code' })).toHaveAttribute('href', '/event-code');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('downloads the QR code as a PNG named after the event code', async () => {
    hostEvents = [makeHostEvent({ id: 'e-3', name: 'Download Me', eventCode: 'DOWN42' })];
    const { user } = await open(makeUser(Role.Owner), '/qrcode/e-3');
    await screen.findByRole('img', { name: 'QR code for Download Me' });

    const downloads: { name: string; href: string }[] = [];
    const onClick = (e: MouseEvent) => {
      if (e.target instanceof HTMLAnchorElement && e.target.download) {
        downloads.push({ name: e.target.download, href: e.target.href });
        e.preventDefault(); // jsdom cannot navigate
      }
    };
    document.addEventListener('click', onClick, true);
    try {
      await user.click(screen.getByRole('button', { name: 'Download' }));
    } finally {
      document.removeEventListener('click', onClick, true);
    }

    expect(downloads.map((d) => d.name)).toEqual(['memory-wall-qr-DOWN42.png']);
    const { data, width, height } = pngPixels(downloads[0].href);
    expect(jsQR(data, width, height)?.data).toBe(`${origin}/contribute?code=DOWN42`);
  });

  it("says 'Print error' when the print window cannot open", async () => {
    hostEvents = [makeHostEvent({ id: 'e-4', name: 'Print Me', eventCode: 'PRINT1' })];
    const { user } = await open(makeUser(Role.Owner), '/qrcode/e-4');
    await screen.findByRole('img', { name: 'QR code for Print Me' });
    const open_ = jest.spyOn(window, 'open').mockReturnValue(null); // a pop-up blocker

    await user.click(screen.getByRole('button', { name: 'Print' }));

    const toast = await findToast('Print error');
    expect(within(toast).getByText(/allow pop-ups/)).toBeInTheDocument();
    expect(open_).toHaveBeenCalledTimes(1);
    open_.mockRestore();
  });

  it('says the QR code could not be made, for a download and for printing, when the canvas gives no PNG', async () => {
    hostEvents = [makeHostEvent({ id: 'e-5', name: 'Broken Canvas', eventCode: 'BROKE1' })];
    const { user } = await open(makeUser(Role.Owner), '/qrcode/e-5');
    await screen.findByRole('img', { name: 'QR code for Broken Canvas' });
    const toDataURL = jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:,');
    const open_ = jest.spyOn(window, 'open');
    try {
      await user.click(screen.getByRole('button', { name: 'Download' }));
      const toast = await findToast('Error generating QR code');
      expect(within(toast).getByText('Could not generate the QR code')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Print' }));
      await waitFor(() => expect(screen.getAllByText('Could not generate the QR code')).toHaveLength(2));
      expect(open_).not.toHaveBeenCalled();
    } finally {
      toDataURL.mockRestore();
      open_.mockRestore();
    }
  });

  it("says the event cannot be found when it is not the caller's", async () => {
    await open(makeUser(Role.Customer), '/qrcode/someone-elses');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The event you're looking for doesn't exist or you don't have permission to view it.",
    );
    await waitFor(() => expect(screen.queryByRole('img')).not.toBeInTheDocument());
  });
});
