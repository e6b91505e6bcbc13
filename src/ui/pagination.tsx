import { Button } from './button';
import { it } from '../i18n/it';
import './pagination.css';

/** The one list pagination: Indietro, 'Pagina n di m', Avanti (spec §9). */
export function Pagination({ current, last, onPage }: { current: number; last: number; onPage: (p: number) => void }) {
  if (last <= 1 && current <= 1) return null;
  return (
    <nav className="pagination" aria-label={it.common.pagination}>
      <Button fill="outline" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        {it.common.back}
      </Button>
      <span className="pagination-status">{it.common.page(current, last)}</span>
      <Button fill="outline" disabled={current >= last} onClick={() => onPage(current + 1)}>
        {it.common.next}
      </Button>
    </nav>
  );
}
