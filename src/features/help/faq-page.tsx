import { IonAccordion, IonAccordionGroup } from '../../ui/ionic/accordion';
import { IonItem } from '../../ui/ionic/item';
import { IonLabel } from '../../ui/ionic/list';
import { it } from '../../i18n/help';
import { AppPage } from '../../shell/layout';

export default function FaqPage() {
  return (
    <AppPage title={it.faq.title}>
      <h1>{it.faq.title}</h1>
      <IonAccordionGroup multiple>
        {it.faq.items.map((item, i) => (
          <IonAccordion key={item.q} value={String(i)}>
            <IonItem slot="header">
              <IonLabel className="ion-text-wrap">{item.q}</IonLabel>
            </IonItem>
            <div className="ion-padding" slot="content">
              {item.a}
            </div>
          </IonAccordion>
        ))}
      </IonAccordionGroup>
    </AppPage>
  );
}
