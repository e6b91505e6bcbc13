import { useQuery } from '@tanstack/react-query';
import chatbubblesOutline from 'ionicons-svg/chatbubbles-outline.svg?raw';
import sparklesOutline from 'ionicons-svg/sparkles-outline.svg?raw';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { configQuery, useProfile } from '../api/profile';
import { session } from '../api/session';
import { it } from '../i18n/it';
import { IconButton } from '../ui/icon-button';

// The panel (matching, texts, form) is its own chunk, loaded on first open.
const AssistantPanel = lazy(() => import('./assistant-panel'));

/**
 * The assistants of the authenticated layout (spec §2): the FAQ assistant when enabled,
 * never on quotation detail pages, and the personal assistant when the user has a bot identifier.
 */
export function AssistantHost() {
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  const { data: config } = useQuery({ ...configQuery, enabled: Boolean(profile) });
  const [open, setOpen] = useState<'faq' | 'personal' | null>(null);
  const shown =
    session.isActive() &&
    Boolean(profile?.termsAccepted) &&
    !pathname.startsWith('/quotations/') &&
    (config?.faqBotEnabled === true || Boolean(profile?.bot_uuid));
  // Leaves room under the page footer so the floating buttons never cover its links.
  useEffect(() => {
    document.body.classList.toggle('has-assistant', shown);
    return () => document.body.classList.remove('has-assistant');
  }, [shown]);
  if (!session.isActive() || !profile?.termsAccepted || pathname.startsWith('/quotations/')) return null;
  const faq = config?.faqBotEnabled === true;
  const personal = profile.bot_uuid;
  if (!faq && !personal) return null;
  return (
    <div className="assistant-host">
      {open && (
        <Suspense fallback={null}>
          <AssistantPanel
            mode={open}
            userName={profile.name || profile.business_name || it.common.user}
            support={config?.support ?? null}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
      {!open && (
        <div className="assistant-fabs">
          {personal && (
            <IconButton
              className="fab fab-secondary assistant-fab-small"
              icon={sparklesOutline}
              label={it.assistant.personal}
              onClick={() => setOpen('personal')}
              data-testid="assistant-personal"
            />
          )}
          {faq && (
            <IconButton className="fab" icon={chatbubblesOutline} label={it.assistant.open} onClick={() => setOpen('faq')} data-testid="assistant-open" />
          )}
        </div>
      )}
    </div>
  );
}
