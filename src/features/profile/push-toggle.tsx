import { useEffect, useState } from 'react';
import { it } from '../../i18n/account';
import { Note } from '../../ui/text';
import { currentSubscription, disablePush, enablePush, pushSupported } from './api/push';

type State = 'unsupported' | 'denied' | 'on' | 'off';

/**
 * 'Notifiche su questo dispositivo' (docs/adr/0062-web-push-for-customer-activity.md): the agent opts in per
 * device; the browser asks its permission, the worker subscribes, the server keeps the subscription.
 */
export function PushToggle() {
  const [state, setState] = useState<State | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const t = it.profile.push;
  useEffect(() => {
    let live = true;
    void (async () => {
      const next: State = !pushSupported()
        ? 'unsupported'
        : Notification.permission === 'denied'
          ? 'denied'
          : (await currentSubscription().catch(() => null))
            ? 'on'
            : 'off';
      if (live) setState(next);
    })();
    return () => {
      live = false;
    };
  }, []);

  async function change(on: boolean) {
    setBusy(true);
    setFailed(false);
    try {
      if (on) setState((await enablePush()) === 'denied' ? 'denied' : 'on');
      else {
        await disablePush();
        setState('off');
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="device-storage" aria-labelledby="push-title" data-testid="push-toggle">
      <h2 id="push-title">{t.title}</h2>
      <p className="muted">{t.intro}</p>
      {state === 'unsupported' || state === 'denied' ? (
        <p>{t[state]}</p>
      ) : (
        state && (
          // Drawn as the form pattern's checkbox (src/ui/form.tsx, CheckboxField): a switch outside any form.
          <div className="form-field check-field">
            <label>
              <input type="checkbox" checked={state === 'on'} disabled={busy} onChange={(e) => void change(e.target.checked)} data-testid="push-switch" />
              <span>{t.toggle}</span>
            </label>
          </div>
        )
      )}
      {state === 'on' && <p role="status">{t.on}</p>}
      {failed && (
        <Note color="danger" role="alert">
          {t.failed}
        </Note>
      )}
    </section>
  );
}
