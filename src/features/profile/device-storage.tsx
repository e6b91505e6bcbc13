import { useEffect, useState } from 'react';
import { formatNumber } from '@core/format';
import { it } from '../../i18n/account';

type Storage = { persisted: boolean | null; used: number | null; quota: number | null };

const size = (bytes: number) =>
  bytes >= 2 ** 30 ? `${formatNumber(bytes / 2 ** 30, { decimals: 1 })} GB` : `${formatNumber(bytes / 2 ** 20, { decimals: 1 })} MB`;

/**
 * Whether the browser keeps the app's data (catalogue copy, saved screens, the outbox) under storage
 * pressure: the app asks for persistent storage once the agent has logged in (src/offline/index.ts);
 * the grant is the browser's, and shown here with the space used.
 */
export function DeviceStorage() {
  const [state, setState] = useState<Storage | null>(null);
  useEffect(() => {
    let live = true;
    const storage = navigator.storage as StorageManager | undefined;
    void (async () => {
      // Asked, not only read: the app's own ask at start (when the browser is next idle) may not have
      // settled yet, and persist() answers the grant as it is once settled (true if already granted).
      const persisted = storage?.persist ? await storage.persist().catch(() => null) : storage?.persisted ? await storage.persisted().catch(() => null) : null;
      const estimate = storage?.estimate ? await storage.estimate().catch(() => null) : null;
      if (live) setState({ persisted, used: estimate?.usage ?? null, quota: estimate?.quota ?? null });
    })();
    return () => {
      live = false;
    };
  }, []);
  const t = it.profile.device;
  return (
    <section className="device-storage" aria-labelledby="device-storage-title" data-testid="device-storage">
      <h2 id="device-storage-title">{t.title}</h2>
      <p className="muted">{t.intro}</p>
      {state && (
        <>
          <p data-testid="storage-persisted" data-persisted={String(state.persisted)}>
            {state.persisted === null ? t.unsupported : state.persisted ? t.persisted : t.notPersisted}
          </p>
          {state.used !== null && state.quota !== null && <p>{t.used(size(state.used), size(state.quota))}</p>}
        </>
      )}
    </section>
  );
}
