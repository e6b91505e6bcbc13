import { Button } from '../ui/button';
import { IonPage } from '../ui/ionic/page';
import { Spinner } from '../ui/spinner';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { canAccess, type Gate } from '@core/access';
import { ApiError } from '../api/client';
import { endSession, useProfile } from '../api/profile';
import { session } from '../api/session';
import { it } from '../i18n/it';
import { paths } from '../routes';

// Rarely seen: its own chunk.
const NotAllowedPage = lazy(() => import('./not-allowed-page'));

export function LoadingPage() {
  return (
    <IonPage>
      <div className="app-content ion-padding">
        <div className="page-loading" role="status" aria-label={it.common.loading}>
          <Spinner />
        </div>
      </div>
    </IonPage>
  );
}

/**
 * Only an answer that says the session is over ends it: the profile refused (4xx). Offline, a time-out,
 * a 503 (maintenance, a database outage) or a gateway's error page say the server cannot be reached:
 * the agent stays signed in and works from the device (docs/adr/0145-what-ends-a-session-on-the-device.md).
 */
const endsSession = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

/**
 * Wraps every private route: no session -> /login; terms not accepted -> /sso/activate; a route
 * whose feature or role the user lacks says so, in the server's words, where it is (docs/adr/0144-hidden-areas-and-not-enabled-page.md; a
 * silent move to Home left the user guessing).
 */
export function Protected({ children, gate }: { children: ReactNode; gate?: Gate | undefined }) {
  const { data: profile, error, refetch } = useProfile();
  const { pathname } = useLocation();
  if (!session.isActive() || (error && endsSession(error))) return <Navigate to={paths.login} replace />;
  if (!profile) {
    if (!error) return <LoadingPage />;
    return (
      <IonPage>
        <div className="app-content ion-padding">
          <p role="alert">{it.common.offline}</p>
          <Button onClick={() => void refetch()}>{it.common.retry}</Button>
        </div>
      </IonPage>
    );
  }
  if (!profile.termsAccepted && pathname !== paths.ssoActivate) return <Navigate to={paths.ssoActivate} replace />;
  if (gate && !canAccess(gate, profile)) {
    return (
      <Suspense fallback={<LoadingPage />}>
        <NotAllowedPage />
      </Suspense>
    );
  }
  return <>{children}</>;
}

/** The spec's redirects on 401 anywhere and on a refused profile load: storage cleared, to /login. */
export function SessionWatcher() {
  const navigate = useNavigate();
  const { error, refetch } = useProfile();
  // The profile may come from the persisted cache: check the session with the server once per app start
  // (joining the screen's own fetch of it if one is under way: one request, not two).
  useEffect(() => {
    if (session.isActive()) void refetch({ cancelRefetch: false });
  }, [refetch]);
  useEffect(
    () =>
      session.on((event) => {
        if (event === 'unauthorized' && session.isActive()) {
          void endSession();
          navigate(paths.login, { replace: true });
        }
      }),
    [navigate],
  );
  useEffect(() => {
    if (error && endsSession(error) && session.isActive()) {
      void endSession();
      navigate(paths.login, { replace: true });
    }
  }, [error, navigate]);
  return null;
}
