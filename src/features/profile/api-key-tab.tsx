import { Button } from '../../ui/button';
import { IonContent } from '../../ui/ionic/content';
import { IonModal } from '../../ui/ionic/overlays';
import { Text } from '../../ui/text';
import copyOutline from 'ionicons-svg/copy-outline.svg?raw';
import openOutline from 'ionicons-svg/open-outline.svg?raw';
import { useEffect, useState } from 'react';
import type { Profile } from '@core/schemas/auth';
import { it } from '../../i18n/account';
import { links } from '../../routes';
import { createApiKey, revokeApiKey } from './api/account';
import { useConfirm } from '../../ui/confirm';
import { FormError, FormSuccess } from '../../ui/form';
import { Icon } from '../../ui/icon';
import { useWrite } from '../../api/use-write';

/** The spec's copy feedback: 'Copiata' for 1300 ms. */
export const COPY_FEEDBACK_MS = 1300;

export function ApiKeyTab({ profile }: { profile: Profile }) {
  const t = it.profile.apiKey;
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const mutation = useWrite({ mutationFn: (_: void, key) => createApiKey(key) });
  const revoke = useWrite({ mutationFn: (_: void, key) => revokeApiKey(key), onSuccess: () => mutation.reset() });
  const confirm = useConfirm();
  const askRevoke = async () => {
    if (await confirm.ask(t.revokeConfirm)) revoke.mutate();
  };
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const request = () => {
    // Replacing a key disables the current one: ask first (account spec §4).
    if (profile.apiKey) setConfirming(true);
    else mutation.mutate();
  };
  const copy = async () => {
    if (!mutation.data) return;
    await navigator.clipboard.writeText(mutation.data.apiKey);
    setCopied(true);
  };

  return (
    <section data-testid="api-key-tab">
      <p>{t.intro}</p>
      <p>
        <strong>{profile.apiKey ? t.current(profile.apiKey) : t.none}</strong>
      </p>
      {mutation.data && (
        <div className="api-key-box">
          <p className="muted">{t.shownOnce}</p>
          <code data-testid="api-key-value">{mutation.data.apiKey}</code>
          <Button size="small" fill="outline" onClick={() => void copy()}>
            <Icon slot="start" icon={copyOutline} />
            {copied ? t.copied : t.copy}
          </Button>
        </div>
      )}
      {mutation.isError && (
        <Text color="danger" role="alert">
          <p className="form-error">{t.failed}</p>
        </Text>
      )}
      <FormSuccess message={revoke.data ?? null} />
      <FormError error={revoke.error} />
      <div className="button-row">
        <Button onClick={request} disabled={mutation.isPending || revoke.isPending}>
          {profile.apiKey ? t.replace : t.create}
        </Button>
        {profile.apiKey && (
          <Button fill="outline" color="danger" onClick={() => void askRevoke()} disabled={mutation.isPending || revoke.isPending} data-testid="api-key-revoke">
            {t.revoke}
          </Button>
        )}
      </div>
      {confirm.element}
      <IonModal isOpen={confirming} onDidDismiss={() => setConfirming(false)} className="confirm-modal" aria-label={t.confirmTitle}>
        <IonContent>
          <div className="confirm-body" role="alertdialog" aria-label={t.confirmTitle}>
            <h2>{t.confirmTitle}</h2>
            <p>{t.confirmText}</p>
            <div className="confirm-actions">
              <Button fill="clear" onClick={() => setConfirming(false)}>
                {it.common.cancel}
              </Button>
              <Button
                onClick={() => {
                  setConfirming(false);
                  mutation.mutate();
                }}
              >
                {it.common.confirm}
              </Button>
            </div>
          </div>
        </IonContent>
      </IonModal>
      <h3>{t.docs}</h3>
      <p>
        {t.docsIntro}{' '}
        <a href={links.apiDocs()} target="_blank" rel="noopener">
          {t.docs} <Icon icon={openOutline} />
        </a>
      </p>
    </section>
  );
}
