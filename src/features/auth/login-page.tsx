import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { startSession } from '../../api/profile';
import { session } from '../../api/session';
import { paths } from '../../routes';
import { useLatestCallback } from '../../ui/use-latest-callback';
import { mountLogin } from './login-screen';

/**
 * /login inside the running app (after a logout or an ended session): the same screen the first visit
 * gets without the app (login-screen.ts, main.ts), with the app's session start and navigation.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const host = useRef<HTMLDivElement>(null);
  const go = useLatestCallback((path: string, replace: boolean) => navigate(path, { replace }));
  const active = session.isActive();
  useEffect(() => {
    if (!host.current) return;
    return mountLogin(host.current, {
      onSignedIn: (s) => {
        const user = startSession(s);
        go(user.termsAccepted ? paths.home : paths.ssoActivate, true);
      },
      navigate: (path) => go(path, false),
    });
  }, [go, active]);
  if (active) return <Navigate to={paths.home} replace />;
  return <div ref={host} className="login-host" />;
}
