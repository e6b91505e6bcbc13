import { useQuery } from '@tanstack/react-query';
import chatbubblesOutline from 'ionicons-svg/chatbubbles-outline.svg?raw';
import sparklesOutline from 'ionicons-svg/sparkles-outline.svg?raw';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { configQuery, useProfile } from '../api/profile';
import { session } from '../api/session';
import { it } from '../i18n/it';
import { useBodyClass } from '../ui/body-class';
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
  // The page ends above the floating buttons' strip, so they never cover its links (theme/app.css).
  useBodyClass('has-assistant', shown);
  useBodyClass('has-fab', shown && !open);
  useBodyClass('has-assistant-small', shown && !open && Boolean(profile?.bot_uuid));
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
