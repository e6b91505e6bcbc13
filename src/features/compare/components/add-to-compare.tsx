import gitCompareOutline from 'ionicons-svg/git-compare-outline.svg?raw';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type CompareChange, type CompareItem, compareItemKey } from '@core/compare';
import { useProfile } from '../../../api/profile';
import { it } from '../../../i18n/compare';
import { links } from '../../../routes';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { compareStore, useCompareItems } from '../selection';
import './compare-toggle.css';

const t = it.compare;

/**
 * The offer detail's 'Aggiungi al confronto' (docs/adr/0143-compare-offers.md): the configuration on screen (terms, options,
 * colour, services and the commission's rate) becomes one column of the comparison. `item` is null while no
 * child offer matches the selection.
 */
export function AddToCompare({ item }: { item: CompareItem | null }) {
  const { data: profile } = useProfile();
  const count = useCompareItems(profile?.id).length;
  const key = item ? compareItemKey(item) : '';
  // What the last tap did, for the configuration it was made on: another configuration starts afresh.
  const [last, setLast] = useState<{ key: string; result: CompareChange } | null>(null);
  const result = last?.key === key ? last.result : null;
  const message = !result ? null : result.ok ? t.added(count) : result.reason === 'full' ? t.full : t.present;
  return (
    <div className="compare-add" data-testid="add-to-compare">
      <Button
        fill="outline"
        size="small"
        disabled={!item || profile === undefined}
        onClick={() => item && profile && setLast({ key, result: compareStore.add(profile.id, item) })}
        data-testid="add-to-compare-button"
      >
        <Icon slot="start" icon={gitCompareOutline} />
        {t.add}
      </Button>
      {message && (
        <p className={result?.ok ? 'form-success' : 'form-error'} role={result?.ok ? 'status' : 'alert'} data-testid="add-to-compare-message">
          {message}{' '}
          {count > 0 && (
            <Link to={links.compare()} data-testid="add-to-compare-open">
              {t.open}
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
