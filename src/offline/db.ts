import Dexie, { type EntityTable } from 'dexie';
import type { FilterLookups } from '@core/offer-filter-set';
import type { SyncOffer } from '@core/schemas/offer-sync';

/** A write waiting for the server (docs/architecture.md, "Data flow"): kept until the server has it. */
export type OutboxEntry = {
  id?: number;
  /** Also the Idempotency-Key: a replay never creates a duplicate. */
  clientId: string;
  /** Entries are replayed only for the user who made them. */
  userId: number;
  /** What the pending list shows, e.g. 'Nuovo preventivo per Mario Rossi'. */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** May hold `{client:<clientId>}` placeholders for ids the server has not given yet. */
  path: string;
  body?: unknown;
  /** Multipart uploads: the fields, and the file kept apart in `blobs`. */
  form?: { fields: Record<string, string>; fileField: string; fileName: string; blobId: string };
  /** Where the server's id is in the answer (e.g. 'data.id'), for later writes that refer to this one. */
  idPath?: string;
  /** Query keys to refresh once the server has the write. */
  invalidate?: string[][];
  status: 'pending' | 'rejected';
  error?: string;
  errors?: Record<string, string[]>;
  /** The server's error code (e.g. the spec's 'Invalid zip code'), for screens that react to it. */
  code?: string;
  attempts: number;
  /** The HTTP status of the last failed try (0: no answer), so the first try can tell offline from a server error. */
  lastStatus?: number;
  /** How many tries the server answered 5xx. */
  serverFailures?: number;
  createdAt: number;
};

/** Files are kept as bytes: Blobs in IndexedDB have been unreliable on some Safari versions. */
export type StoredBlob = { id: string; data: ArrayBuffer; type: string };
export type IdMapping = { clientId: string; serverId: string };

/** Where the device's catalogue copy stands: whose it is, the delta cursor and the names of codes. */
export type CatalogueMeta = {
  key: 'catalogue';
  userId: number;
  cursor: string;
  lookups: FilterLookups;
  syncedAt: number;
};

export class PortalDb extends Dexie {
  outbox!: EntityTable<OutboxEntry, 'id'>;
  blobs!: EntityTable<StoredBlob, 'id'>;
  idMap!: EntityTable<IdMapping, 'clientId'>;
  offers!: EntityTable<SyncOffer, 'id'>;
  meta!: EntityTable<CatalogueMeta, 'key'>;

  constructor(name = 'portale') {
    super(name);
    this.version(1).stores({
      outbox: '++id, clientId, userId, status',
      blobs: 'id',
      idMap: 'clientId',
    });
    // The offer catalogue the agent may see, for the offline search (docs/architecture.md, "Data flow").
    this.version(2).stores({ offers: 'id', meta: 'key' });
  }
}

export const db = new PortalDb();
