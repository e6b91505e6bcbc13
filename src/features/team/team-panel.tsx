import { formatEuro, formatNumber } from '@core/format';
import { Button } from '../../ui/button';
import { IonButtons, IonHeader, IonTitle, IonToolbar } from '../../ui/ionic/toolbar';
import { IonContent } from '../../ui/ionic/content';
import { IonModal } from '../../ui/ionic/overlays';
import { Spinner } from '../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import addOutline from 'ionicons-svg/add-outline.svg?raw';
import createOutline from 'ionicons-svg/create-outline.svg?raw';
import { useState } from 'react';
import type { TeamMember } from '@core/schemas/account';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/account';
import { useConfirm } from '../../ui/confirm';
import { FormError, FormSuccess } from '../../ui/form';
import { membersQuery, toggleMember } from './api/team';
import { MemberForm } from './member-form';
import { Icon } from '../../ui/icon';
import { Badge } from '../../ui/badge';
import { useWrite } from '../../api/use-write';

const STATUS_COLOR: Record<TeamMember['status'], string> = { ACTIVATED: 'success', SUSPENDED: 'warning', PENDING_ACTIVATION: 'medium' };

/**
 * The team panel (account spec §2): tiles of sub-agents indented by their level in the
 * network, status label and toggle, and a form to add or edit a member. Used in /profile (and /admin).
 */
export default function TeamPanel() {
  const { data: profile } = useProfile();
  const { data: members, error } = useQuery(membersQuery);
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // Each member's switch is its own intent.
  const toggle = useWrite({ mutationFn: toggleMember, sameIntent: (a, b) => a === b });
  const confirm = useConfirm();
  if (!profile) return null;
  const t = it.team;
  const limit = profile.features.find((f) => f.slug === 'network-sub-agent')?.limit ?? null;
  // The server refuses past the limit (422); the button says so before a form is filled (docs/adr/0140-team.md).
  const full = limit !== null && members !== undefined && members.length >= limit;
  const onToggle = async (m: TeamMember) => {
    if (m.status === 'ACTIVATED' && !(await confirm.ask(t.confirmDeactivate(m.business_name || m.name)))) return;
    toggle.mutate(m.id);
  };

  return (
    <section data-testid="team-panel">
      <div className="team-head">
        <h2>{t.title}</h2>
        <Button
          onClick={() => (setMessage(null), setEditing('new'))}
          disabled={full}
          aria-describedby={full ? 'team-limit' : undefined}
          data-testid="member-add"
        >
          <Icon slot="start" icon={addOutline} />
          {t.add}
        </Button>
      </div>
      {members && <p className="muted">{t.count(members.length, limit)}</p>}
      {full && (
        <p className="app-alert is-info" id="team-limit" data-testid="member-limit">
          {t.limitReached}
        </p>
      )}
      <FormSuccess message={message} />
      <FormError error={error ?? toggle.error} />
      {!members && !error && <Spinner />}
      {members?.length === 0 && <p>{t.empty}</p>}
      <ul className="team-list">
        {members?.map((m) => (
          <li
            key={m.id}
            className="team-tile"
            style={{ marginInlineStart: `${Math.min(m.level - 1, 6) * 24}px` }}
            data-testid="member-tile"
            data-email={m.email}
          >
            <div className="team-tile-main">
              <strong>{m.business_name || m.name}</strong>
              <span className="muted">
                {m.name && m.business_name ? `${m.name} · ` : ''}
                {m.email}
              </span>
              <span className="muted">
                {t.feeTypes[m.fee_type]}: {m.fee_type === 'FIXED_VALUE' ? formatEuro(m.fee_value) : `${formatNumber(m.fee_value)} %`}
              </span>
            </div>
            <div className="team-tile-actions">
              <Badge color={STATUS_COLOR[m.status]} data-testid="member-status">
                {t.status[m.status]}
              </Badge>
              {m.status !== 'PENDING_ACTIVATION' && (
                <Button
                  size="small"
                  fill="outline"
                  color={m.status === 'ACTIVATED' ? 'warning' : 'success'}
                  disabled={toggle.isPending}
                  onClick={() => void onToggle(m)}
                >
                  {m.status === 'ACTIVATED' ? t.deactivate : t.activate}
                </Button>
              )}
              <Button size="small" fill="clear" onClick={() => (setMessage(null), setEditing(m))} aria-label={`${t.edit} ${m.business_name || m.name}`}>
                <Icon slot="icon-only" icon={createOutline} />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <IonModal isOpen={editing !== null} onDidDismiss={() => setEditing(null)}>
        <IonHeader>
          <IonToolbar>
            <IonTitle>{editing === 'new' ? t.formTitleNew : t.formTitleEdit}</IonTitle>
            <IonButtons slot="end">
              <Button onClick={() => setEditing(null)}>{it.common.close}</Button>
            </IonButtons>
          </IonToolbar>
        </IonHeader>
        <IonContent className="ion-padding">
          {editing !== null && (
            <MemberForm
              members={members ?? []}
              editing={editing === 'new' ? null : editing}
              leaderId={profile.id}
              fixedAllowed={profile.group_fee_type === 'FIXED_VALUE'}
              onDone={(msg) => {
                setMessage(msg);
                setEditing(null);
              }}
            />
          )}
        </IonContent>
      </IonModal>
      {confirm.element}
    </section>
  );
}
