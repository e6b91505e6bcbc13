import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import addOutline from 'ionicons-svg/add-outline.svg?raw';
import createOutline from 'ionicons-svg/create-outline.svg?raw';
import trashOutline from 'ionicons-svg/trash-outline.svg?raw';
import type { ReactNode } from 'react';
import { it } from '../../../i18n/catalog';
import { AppPage } from '../../../shell/layout';
import { useConfirm } from '../../../ui/confirm';
import { FormError } from '../../../ui/form';
import { OfflineNotice, useCatalogueOnline } from './online-only';
import { Icon } from '../../../ui/icon';
import { useWrite } from '../../../api/use-write';

type Item = { id: number; name: string };

/**
 * The one list pattern of /providers and /products (account spec §2 "Provider and
 * product lists"): the header bar with the count and the new-item button, then one row per item
 * with edit and delete (after confirmation; the server refuses items still used by offers).
 */
export function ItemListPage<T extends Item>(props: {
  title: string;
  header: string;
  countTestId: string;
  newLabel: string;
  newLink: string;
  editLink: (id: number) => string;
  confirmDelete: string;
  remove: (id: number, key: string) => Promise<unknown>;
  items: T[] | undefined;
  error: unknown;
  pending: boolean;
  meta: (item: T) => ReactNode;
}) {
  const confirm = useConfirm();
  const online = useCatalogueOnline();
  const removal = useWrite({
    mutationFn: async (item: T, key) => {
      if (await confirm.ask(props.confirmDelete)) await props.remove(item.id, key);
    },
    sameIntent: (a, b) => a.id === b.id,
  });
  return (
    <AppPage title={props.title}>
      <h1>{props.title}</h1>
      <div className="list-bar">
        <strong data-testid={props.countTestId}>{props.header}</strong>
        <Button size="small" routerLink={props.newLink} disabled={!online}>
          <Icon slot="start" icon={addOutline} />
          {props.newLabel}
        </Button>
      </div>
      <OfflineNotice />
      <FormError error={props.error ?? removal.error} />
      {props.pending && <Spinner />}
      <ul className="catalog-list">
        {props.items?.map((item) => (
          <li key={item.id} className="catalog-row simple" data-testid="list-item">
            <div className="catalog-row-main">
              <strong>{item.name}</strong>
              {props.meta(item)}
            </div>
            <div className="catalog-row-actions">
              <Button size="small" fill="outline" routerLink={props.editLink(item.id)}>
                <Icon slot="start" icon={createOutline} />
                {it.catalog.edit}
              </Button>
              <Button
                size="small"
                fill="clear"
                color="danger"
                disabled={!online || removal.isPending}
                onClick={() => {
                  removal.reset();
                  removal.mutate(item);
                }}
                aria-label={`${it.catalog.delete} ${item.name}`}
                title={it.catalog.delete}
                data-testid="item-delete"
              >
                <Icon slot="icon-only" icon={trashOutline} />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {confirm.element}
    </AppPage>
  );
}
