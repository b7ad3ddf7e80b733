import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FullscreenButton } from './FullscreenButton';

/** jsdom has no Fullscreen API: this one behaves as a browser's does. */
function installFullscreen() {
  let element: Element | null = null;
  const change = () => document.dispatchEvent(new Event('fullscreenchange'));
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
  const request = jest.fn(function (this: Element) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the fake records which element asked
    element = this;
    change();
    return Promise.resolve();
  });
  const exit = jest.fn(() => {
    element = null;
    change();
    return Promise.resolve();
  });
  document.documentElement.requestFullscreen = request;
  document.exitFullscreen = exit;
  return { request, exit, leaveWithEsc: () => act(() => exit()) };
}

afterEach(() => {
  delete (document as { fullscreenEnabled?: boolean }).fullscreenEnabled;
  delete (document as { fullscreenElement?: Element }).fullscreenElement;
});

describe('FullscreenButton', () => {
  it('puts the page in the browser’s full screen and takes it out again', async () => {
    const api = installFullscreen();
    const { user } = renderWithProviders(<FullscreenButton />);
    await user.click(await screen.findByRole('button', { name: 'Full Screen' }));
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Exit Full Screen' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Exit Full Screen' }));
    expect(api.exit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Full Screen' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows a full screen left with Esc', async () => {
    const api = installFullscreen();
    const { user } = renderWithProviders(<FullscreenButton />);
    await user.click(await screen.findByRole('button', { name: 'Full Screen' }));
    await api.leaveWithEsc();
    expect(screen.getByRole('button', { name: 'Full Screen' })).toBeInTheDocument();
  });

  it('is not offered where the browser has no full screen', () => {
    renderWithProviders(<FullscreenButton />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
