import { IonRouterLink } from '../../ui/ionic/router-link';
import { Spinner } from '../../ui/spinner';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { startSession } from '../../api/profile';
import { it } from '../../i18n/auth';
import { paths } from '../../routes';
import { PublicPage } from '../../shell/public-layout';
import { ssoLogin } from './api/auth';

/** /sso?token=…: the identity provider's signed, single-use token logs the agent in. */
export default function SsoPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // the token is single-use: never send it twice
    started.current = true;
    const token = new URLSearchParams(search).get('token');
    if (!token) {
      setError(it.sso.missingToken);
      return;
    }
    ssoLogin(token)
      .then((s) => {
        const user = startSession(s);
        navigate(user.termsAccepted ? paths.home : paths.ssoActivate, { replace: true });
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : it.common.serverError));
  }, [search, navigate]);
  return (
    <PublicPage title={error ? it.sso.failed : it.sso.title}>
      {error ? (
        <>
          <p role="alert">{error}</p>
          <IonRouterLink routerLink={paths.login}>{it.forgot.backToLogin}</IonRouterLink>
        </>
      ) : (
        <Spinner aria-label={it.common.loading} />
      )}
    </PublicPage>
  );
}
