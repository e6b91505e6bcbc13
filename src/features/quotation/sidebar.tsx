import type { ReactNode } from 'react';
import { formatDistance, formatEuro, formatMonthly, formatPrice } from '@core/format';
import { paintedImage } from '@core/paint';
import { proposalTitle } from '@core/quotation';
import { it } from '../../i18n/quotation';
import { CarPicture } from '../../ui/car-picture';

export type SidebarData = {
  number: number | null;
  code: string | null;
  price: number;
  car: { brand: string; model: string; version: string; image: string };
  duration: number;
  distance: number;
  deposit: number;
  services: { code: string; description: string; price: number }[];
  equippedOptionals: string;
  accessories: { code: string; description: string; price: number }[];
  color: { description: string; price: number } | null;
  notes: string;
  commission: number | null;
  customerName?: string;
};

/** The wizard's sidebar (§2 "Quotation wizard"): number, price, car, recap, services, optionals, accessories, notes, earnings, PDF button. */
export function QuotationSidebar({ data, pdfButton }: { data: SidebarData; pdfButton?: ReactNode }) {
  const s = it.quotation.sidebar;
  const optionals = data.equippedOptionals
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  // The section headings sit under the proposal's number (h2) when it has one, else right under the page's h1.
  const H = data.number !== null ? 'h3' : 'h2';
  return (
    <aside className="quotation-sidebar" data-testid="quotation-sidebar">
      {data.number !== null && <h2 className="proposal-number">{proposalTitle(data.number)}</h2>}
      {data.code && (
        <p className="muted">
          {s.code}: <strong data-testid="quotation-code">{data.code}</strong>
        </p>
      )}
      {/* The car in the paint chosen on the detail (docs/adr/0050-car-drawn-in-the-chosen-paint.md). */}
      {data.car.image && (
        <CarPicture className="sidebar-car" src={paintedImage(data.car.image, data.color)} alt={`${data.car.brand} ${data.car.model}`} eager />
      )}
      <p className="sidebar-car-name">
        <strong>
          {data.car.brand} {data.car.model}
        </strong>
        <br />
        <span className="muted">{data.car.version}</span>
      </p>
      <p className="sidebar-price" data-testid="sidebar-price">
        <span className="muted">{s.price}</span>
        <strong>{formatMonthly(data.price)}</strong>
      </p>
      {pdfButton}
      <H className="sidebar-heading">{s.recap}</H>
      <dl className="recap">
        {data.customerName && (
          <>
            <dt>{s.customer}</dt>
            <dd>{data.customerName}</dd>
          </>
        )}
        <dt>{s.duration}</dt>
        <dd>{s.months(data.duration)}</dd>
        <dt>{s.distance}</dt>
        <dd>{formatDistance(data.distance)}</dd>
        <dt>{s.deposit}</dt>
        <dd>{formatEuro(data.deposit)}</dd>
        <dt>{s.color}</dt>
        <dd>{data.color ? `${data.color.description} (${formatPrice(data.color.price)})` : formatPrice(0)}</dd>
      </dl>
      <H className="sidebar-heading">{s.services}</H>
      <List items={data.services.map((x) => `${x.description}${x.price > 0 ? ` · ${formatEuro(x.price)}` : ''}`)} />
      <H className="sidebar-heading">{s.optionals}</H>
      <List items={optionals} />
      <H className="sidebar-heading">{s.accessories}</H>
      <List items={data.accessories.map((a) => `${a.description} · ${formatPrice(a.price)}`)} />
      {data.notes && (
        <>
          <H className="sidebar-heading">{s.notes}</H>
          <p className="sidebar-notes">{data.notes}</p>
        </>
      )}
      {data.commission !== null && data.commission > 0 && (
        <p className="sidebar-earnings" data-testid="sidebar-earnings">
          <span className="muted">{s.earnings}</span> <strong>{formatEuro(Math.max(0, Math.round(data.commission)), { decimals: 0 })}</strong>
        </p>
      )}
    </aside>
  );
}

function List({ items }: { items: string[] }) {
  if (!items.length) return <p className="muted">{it.quotation.sidebar.none}</p>;
  return (
    <ul className="sidebar-list">
      {items.map((x, i) => (
        <li key={i}>{x}</li>
      ))}
    </ul>
  );
}
