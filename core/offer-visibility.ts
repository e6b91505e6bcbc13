// Who sees which offer: the one rule, used by the search index (server and device), the offer
// detail, the device's catalogue copy and the quotations' "still valid" check.
// An offer is seen when it is published and not deleted, and it is either everyone's (no owner) or
// owned by the viewer, or by the viewer's network (group code).

export interface OfferViewer {
  userId: number;
  /** The user's network; null or '' is none. */
  groupCode: string | null;
}

export interface OfferAudience {
  published: boolean;
  deleted: boolean;
  ownerUserId: number | null;
  ownerGroup: string | null;
}

/** Published and not deleted: the part of the rule that does not depend on the viewer. */
export const isListedOffer = (o: Pick<OfferAudience, 'published' | 'deleted'>): boolean => o.published && !o.deleted;

/** No owner: seen by everyone the offer is listed for. */
export const isPublicOffer = (o: Pick<OfferAudience, 'ownerUserId' | 'ownerGroup'>): boolean => o.ownerUserId === null && o.ownerGroup === null;

export function canSeeOffer(o: OfferAudience, viewer: OfferViewer): boolean {
  if (!isListedOffer(o)) return false;
  const group = viewer.groupCode || null;
  return isPublicOffer(o) || o.ownerUserId === viewer.userId || (group !== null && o.ownerGroup === group);
}
