import gitCompareOutline from 'ionicons-svg/git-compare-outline.svg?raw';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useProfile } from '../../../api/profile';
import { it } from '../../../i18n/compare';
import { links } from '../../../routes';
import { Icon } from '../../../ui/icon';
import { compareStore, useCompareItems, useCompareNotice } from '../selection';
import './compare-toggle.css';

const t = it.compare;

/** How long a refusal stays on screen, unless the comparison changes first. */
const NOTICE_MS = 8000;

/**
 * The comparison on /offers (docs/adr/0143-compare-offers.md): how many offers it holds and the way to it, and the message when a
 * fifth is refused. Nothing while it is empty.
 */
export function CompareBar() {
  const { data: profile } = useProfile();
  const items = useCompareItems(profile?.id);
  const notice = useCompareNotice();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(compareStore.dismissNotice, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (items.length === 0 && !notice) return null;
  return (
    <div className="compare-bar" data-testid="compare-bar">
      {notice?.reason === 'full' && (
        <p className="compare-notice form-error" role="alert" data-testid="compare-full">
          {t.full}
        </p>
      )}
      <div className="compare-bar-row">
        <span className="compare-bar-count" role="status" data-testid="compare-count">
          {t.bar(items.length)}
        </span>
        {items.length > 0 && (
          <span className="compare-bar-actions">
            <button type="button" className="compare-link-button" onClick={() => profile && compareStore.replace(profile.id, [])}>
              {t.clear}
            </button>
            <Link className="compare-open" to={links.compare()} data-testid="compare-open">
              <Icon icon={gitCompareOutline} />
              {t.open}
            </Link>
          </span>
        )}
      </div>
    </div>
  );
}
