import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { App } from '../app/App';
import { makeStore, type AppStore } from '../app/store';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  /** Address the MemoryRouter starts at. */
  route?: string;
  store?: AppStore;
}

/** Lazy pages compile on first use: give the first render of a page room on a busy machine. */
export const PAGE_LOAD = { timeout: 10_000 };

/** Renders with a real store and a MemoryRouter; without `ui`, renders the whole app at `route`. */
export function renderWithProviders(
  ui: ReactElement = <App />,
  { route = '/', store = makeStore(), ...options }: Options = {},
) {
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Provider>,
    options,
  );
  return { store, user, ...result };
}
