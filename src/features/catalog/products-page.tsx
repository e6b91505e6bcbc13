import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { addOutline, createOutline } from 'ionicons/icons';
import { it } from '../../i18n/it';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { FormError } from '../../ui/form';
import { productRowsQuery } from './api/catalog';
import './catalog.css';

/** /products (catalogue-and-account.md §2): header bar 'N Prodotto presente/presenti' and a new-item button. */
export default function ProductsPage() {
  const t = it.products;
  const { data, error, isPending } = useQuery(productRowsQuery);
  return (
    <AppPage title={t.title}>
      <h1>{t.title}</h1>
      <div className="list-bar">
        <strong data-testid="products-count">{t.header(data?.length ?? 0)}</strong>
        <IonButton size="small" routerLink={links.productNew()} routerDirection="root">
          <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
          {t.new}
        </IonButton>
      </div>
      <FormError error={error} />
      {isPending && <IonSpinner />}
      <ul className="catalog-list">
        {data?.map((p) => (
          <li key={p.id} className="catalog-row simple">
            <div className="catalog-row-main">
              <strong>{p.name}</strong>
              <span className="catalog-row-meta">{p.provider_name}</span>
              {p.description && <span className="catalog-row-meta">{p.description}</span>}
            </div>
            <IonButton size="small" fill="outline" routerLink={links.productEdit(p.id)} routerDirection="root">
              <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
              {it.catalog.edit}
            </IonButton>
          </li>
        ))}
      </ul>
    </AppPage>
  );
}
