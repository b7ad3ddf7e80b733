import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { startGuestRoute } from './app/guestBoot';
import { makeStore } from './app/store';
import { mountApp } from './app/mount';
import './styles.css';

const store = makeStore();
startGuestRoute(store.dispatch, window.location);

const app = (
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  </StrictMode>
);
mountApp(document.getElementById('root')!, app, window.location.pathname);
