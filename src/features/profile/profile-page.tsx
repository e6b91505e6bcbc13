import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasFeature, ROLE_GROUP_LEADER } from '@core/features';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/account';
import { AppPage, displayName } from '../../shell/layout';
import { DataAge } from '../../ui/data-age';
import { useScrollHint } from '../../ui/use-scroll-hint';
import { ApiKeyTab } from './api-key-tab';
import { DeviceStorage } from './device-storage';
import { LandingTab } from './landing-form';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { PushToggle } from './push-toggle';
import { ThemeLogoTab } from './theme-logo-tab';

const TABS = ['profile', 'password', 'apiKey', 'landing', 'theme', 'team'] as const;
type Tab = (typeof TABS)[number];

/**
 * /profile (account spec §2 "Profile area"): tabs profile, password, API key, landing
 * page, theme and logo, plus the team panel for a group leader with the network feature. The team
 * panel comes from the team feature through App.tsx (features never import each other).
 */
export default function ProfilePage({ teamPanel }: { teamPanel?: ReactNode }) {
  const { data: profile, dataUpdatedAt } = useProfile();
  const [params, setParams] = useSearchParams();
  // The tabs scroll sideways on a phone: the edge fades while more lie beyond (docs/adr/0147-layout-floating-strip-phones-no-shift.md).
  const hint = useScrollHint<HTMLDivElement>(`${params.get('tab') ?? ''}|${profile ? 1 : 0}`);
  if (!profile) return null;
  const showTeam = Boolean(teamPanel) && profile.role === ROLE_GROUP_LEADER && hasFeature(profile.features, 'network');
  const tabs = TABS.filter((t) => t !== 'team' || showTeam);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'profile';
  return (
    <AppPage title={it.profile.title}>
      <h1>{it.profile.title}</h1>
      <DataAge updatedAt={dataUpdatedAt} />
      <p className="muted">
        {displayName(profile)} · {it.profile.roleOf(profile.roleName, profile.role === ROLE_GROUP_LEADER ? null : profile.main_agent_business_name)}
      </p>
      <div className={`tab-bar ${hint.className}`} ref={hint.ref} onScroll={hint.onScroll} role="tablist" aria-label={it.profile.title}>
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            aria-controls="profile-panel"
            onClick={() => setParams({ tab: t }, { replace: true })}
            data-testid={`tab-${t}`}
          >
            {it.profile.tabs[t]}
          </button>
        ))}
      </div>
      <div className="profile-panel" id="profile-panel" role="tabpanel">
        {tab === 'profile' && (
          <>
            <ProfileForm profile={profile} />
            <DeviceStorage />
            <PushToggle />
          </>
        )}
        {tab === 'password' && <PasswordForm />}
        {tab === 'apiKey' && <ApiKeyTab profile={profile} />}
        {tab === 'landing' && <LandingTab profile={profile} />}
        {tab === 'theme' && <ThemeLogoTab profile={profile} />}
        {tab === 'team' && showTeam && teamPanel}
      </div>
    </AppPage>
  );
}
