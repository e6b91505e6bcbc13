import { Text } from '../../../ui/text';
import cloudOfflineOutline from 'ionicons-svg/cloud-offline-outline.svg?raw';
import { it } from '../../../i18n/catalog';
import { useOnline } from '../../../offline/hooks';
import { Icon } from '../../../ui/icon';

/**
 * Catalogue writes are online-only (docs/adr/0139-catalogue-writes-online-only.md): images and variations hang on server ids,
 * so nothing here is queued in the outbox. Screens disable their save buttons while offline.
 */
export const useCatalogueOnline = () => useOnline();

export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Text color="warning">
      <p className="catalog-offline" role="status" data-testid="catalog-offline">
        <Icon icon={cloudOfflineOutline} /> {it.catalog.offline}
      </p>
    </Text>
  );
}
