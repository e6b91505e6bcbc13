import { IonCard, IonCardContent } from '../../ui/ionic/card';
import { IonItem } from '../../ui/ionic/item';
import { IonLabel, IonList } from '../../ui/ionic/list';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../../api/profile';
import { it } from '../../i18n/help';
import { AppPage } from '../../shell/layout';
import { DataAge } from '../../ui/data-age';

/** /support (feature support): contacts come from the server's configuration. */
export default function SupportPage() {
  const { data: config, dataUpdatedAt } = useQuery(configQuery);
  return (
    <AppPage title={it.support.title}>
      <h1>{it.support.title}</h1>
      <DataAge updatedAt={dataUpdatedAt} />
      <p>{it.support.intro}</p>
      <IonCard>
        <IonCardContent>
          <IonList lines="none">
            <IonItem href={config ? `mailto:${config.support.email}` : undefined}>
              <IonLabel>
                <h2>{it.support.email}</h2>
                <p>{config?.support.email ?? '…'}</p>
              </IonLabel>
            </IonItem>
            <IonItem href={config ? `tel:${config.support.phone.replace(/\s/g, '')}` : undefined}>
              <IonLabel>
                <h2>{it.support.phone}</h2>
                <p>{config?.support.phone ?? '…'}</p>
                <p>{it.support.hours}</p>
              </IonLabel>
            </IonItem>
          </IonList>
        </IonCardContent>
      </IonCard>
    </AppPage>
  );
}
