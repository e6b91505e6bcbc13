import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import addOutline from 'ionicons-svg/add-outline.svg?raw';
import createOutline from 'ionicons-svg/create-outline.svg?raw';
import { useState } from 'react';
import { formatDistance, formatMonthly, formatMonths } from '@core/format';
import { it } from '../../i18n/catalog';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { FormError } from '../../ui/form';
import { catalogListQuery } from './api/catalog';
import './catalog.css';
import { Icon } from '../../ui/icon';
import { CarPicture } from '../../ui/car-picture';

/** /catalog, 'Catalogo' (account spec §2): the group's catalogue offers, drafts included. */
export default function CatalogListPage() {
  const t = it.catalog;
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const { data, error, isPending } = useQuery({ ...catalogListQuery(page, q), placeholderData: keepPreviousData });
  return (
    <AppPage title={t.title}>
      <div className="team-head">
        <h1>{t.title}</h1>
        <Button routerLink={links.catalogNew()} data-testid="catalog-new">
          <Icon slot="start" icon={addOutline} />
          {t.newOffer}
        </Button>
      </div>
      <p>{t.intro}</p>
      <input
        className="catalog-search"
        type="search"
        aria-label={t.search}
        placeholder={t.search}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
      />
      <FormError error={error} />
      {isPending && <Spinner />}
      {data && (
        <>
          <p className="catalog-count">{t.count(data.total)}</p>
          {data.items.data.length === 0 && <p>{t.empty}</p>}
          <ul className="catalog-list">
            {data.items.data.map((o) => (
              <li key={o.code} className="catalog-row" data-testid="catalog-row" data-code={o.code}>
                <CarPicture src={o.image} alt="" width={120} height={60} />
                <div className="catalog-row-main">
                  <strong>
                    {o.brand} {o.model}
                  </strong>
                  <span>{o.version}</span>
                  <span className="catalog-row-meta">
                    {o.provider_name} · {o.product_name}
                  </span>
                  <span className="catalog-row-meta">
                    {formatMonthly(o.price)} · {formatMonths(o.duration)} · {formatDistance(o.distance)} · {t.variationsCount(o.variations)}
                    {o.reference_code ? ` · ${o.reference_code}` : ''}
                  </span>
                </div>
                <span className={`catalog-status ${o.published ? 'is-published' : 'is-draft'}`}>{o.published ? t.published : t.draft}</span>
                <Button fill="outline" size="small" routerLink={links.catalogEdit(o.code)}>
                  <Icon slot="start" icon={createOutline} />
                  {t.edit}
                </Button>
              </li>
            ))}
          </ul>
          {data.lastPage > 1 && (
            <div className="catalog-pager">
              <Button fill="clear" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t.prev}
              </Button>
              <span>{t.page(data.currentPage, data.lastPage)}</span>
              <Button fill="clear" disabled={page >= data.lastPage} onClick={() => setPage(page + 1)}>
                {t.next}
              </Button>
            </div>
          )}
        </>
      )}
    </AppPage>
  );
}
