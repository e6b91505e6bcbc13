import { IonCard, IonCardContent } from '../../ui/ionic/card';
import { IonLabel } from '../../ui/ionic/list';
import { useQuery } from '@tanstack/react-query';
import personOutline from 'ionicons-svg/person-outline.svg?raw';
import { configQuery, useProfile } from '../../api/profile';
import { it } from '../../i18n/it';
import { links } from '../../routes';
import { AppPage, displayName } from '../../shell/layout';
import { visibleMenu } from '../../shell/menu';
import { Icon } from '../../ui/icon';

export default function HomePage() {
  const { data: profile } = useProfile();
  const { data: config } = useQuery({ ...configQuery, enabled: Boolean(profile) });
  const shortcuts = profile ? visibleMenu(profile, config).filter((e) => e.key !== 'home') : [];
  return (
    <AppPage title={it.menu.home}>
      <h1>{it.home.greeting(profile?.name || displayName(profile))}</h1>
      <p>{it.home.intro}</p>
      <h2>{it.home.shortcuts}</h2>
      <div className="shortcut-grid">
        {shortcuts.map((e) => (
          <IonCard key={e.key} routerLink={e.path} button>
            <IonCardContent className="shortcut">
              <Icon icon={e.icon} />
              <IonLabel>{e.label}</IonLabel>
            </IonCardContent>
          </IonCard>
        ))}
        {/* Customers have no menu entry in the spec's list: reached from here, Rete and the agent pages. */}
        {profile && (
          <IonCard routerLink={links.customers()} button>
            <IonCardContent className="shortcut">
              <Icon icon={personOutline} />
              <IonLabel>{it.home.customers}</IonLabel>
            </IonCardContent>
          </IonCard>
        )}
      </div>
    </AppPage>
  );
}
