import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.class.css';
import './theme/font.css';
import './theme/app.css';
import './first-screen-styles';
import type { Session } from '@core/schemas/auth';
import { session } from './api/session';
import { mountLogin } from './features/auth/login-screen';
import { paths } from './routes';

/**
 * The entry: a first visit to /login gets the login screen alone (features/auth/login-screen.ts, a few
 * KB), every other start the app (app-main.tsx: React, Ionic, the router, TanStack Query), which the
 * login loads once it has a session. On a slow phone the app's code is seconds of script evaluation
 * that the login form does not need (docs/adr/0161-login-entry-and-static-copy.md).
 */
const startApp = async (signedIn?: Session) => {
  // React's runtime first, the app's modules in the next task: each imported module graph is evaluated in
  // one task, and together they made one long task on a phone.
  await import('./react-runtime');
  await new Promise((resolve) => setTimeout(resolve));
  const app = await import('./app-main');
  await app.start(signedIn);
};

if (location.pathname === paths.login && !session.isActive()) {
  document.documentElement.classList.add('boot-login');
  // The service worker, once the screen has loaded (its own small module: nothing the screen needs first).
  const registerWorker = () => void import('./register-worker').then((m) => m.registerWorker());
  if (document.readyState === 'complete') registerWorker();
  else addEventListener('load', registerWorker, { once: true });
  mountLogin(document.getElementById('root')!, {
    onSignedIn: async (s) => {
      // Stored at once: a reload or a new tab while the app loads is already signed in.
      session.set({ access: s.access_token, refresh: s.refresh_token });
      history.replaceState(null, '', s.user.termsAccepted ? paths.home : paths.ssoActivate);
      await startApp(s);
    },
    navigate: (path) => location.assign(path),
  });
} else void startApp();
