import { useQuery } from '@tanstack/react-query';
import { it } from '../../i18n/catalog';
import { links } from '../../routes';
import { deleteProduct, productRowsQuery } from './api/catalog';
import { ItemListPage } from './components/item-list';
import './catalog.css';

/** /products (account spec §2): header bar 'N Prodotto presente/presenti' and a new-item button. */
export default function ProductsPage() {
  const t = it.products;
  const { data, error, isPending } = useQuery(productRowsQuery);
  return (
    <ItemListPage
      title={t.title}
      header={t.header(data?.length ?? 0)}
      countTestId="products-count"
      newLabel={t.new}
      newLink={links.productNew()}
      editLink={links.productEdit}
      confirmDelete={t.confirmDelete}
      remove={deleteProduct}
      items={data}
      error={error}
      pending={isPending}
      meta={(p) => (
        <>
          <span className="catalog-row-meta">{p.provider_name}</span>
          {p.description && <span className="catalog-row-meta">{p.description}</span>}
        </>
      )}
    />
  );
}
