import { Button } from '../ui/button';
import { it } from '../i18n/it';
import { paths } from '../routes';
import { AppPage } from './layout';

/** What a user sees on a route their features or role do not open: the server's own words, and a way back. */
export default function NotAllowedPage() {
  const t = it.notAllowed;
  return (
    <AppPage title={t.title}>
      <h1>{t.title}</h1>
      <div className="app-alert is-warning">
        <div className="app-alert-text" role="alert" data-testid="not-allowed">
          <p>
            <strong>{t.message}</strong>
          </p>
          <p>{t.hint}</p>
        </div>
      </div>
      <Button routerLink={paths.home}>{t.home}</Button>
    </AppPage>
  );
}
