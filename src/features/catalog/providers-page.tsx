import { useQuery } from '@tanstack/react-query';
import { it } from '../../i18n/catalog';
import { links } from '../../routes';
import { deleteProvider, providersQuery } from './api/catalog';
import { ItemListPage } from './components/item-list';
import './catalog.css';

/** /providers (account spec §2): header bar 'N Provider presente/presenti' and a new-item button. */
export default function ProvidersPage() {
  const t = it.providers;
  const { data, error, isPending } = useQuery(providersQuery);
  return (
    <ItemListPage
      title={t.title}
      header={t.header(data?.length ?? 0)}
      countTestId="providers-count"
      newLabel={t.new}
      newLink={links.providerNew()}
      editLink={links.providerEdit}
      confirmDelete={t.confirmDelete}
      remove={deleteProvider}
      items={data}
      error={error}
      pending={isPending}
      meta={(p) => (
        <span className="catalog-row-meta">
          {p.code} · {t.products(p.products)}
        </span>
      )}
    />
  );
}
