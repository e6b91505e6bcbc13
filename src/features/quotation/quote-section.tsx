import { Button } from '../../ui/button';
import { useState } from 'react';
import { isQuoteEditable, quoteValuesOf } from '@core/quote-form';
import type { Proposal } from '@core/schemas/quotations';
import { it } from '../../i18n/quotation';
import { useUpdateQuote } from './api/proposal-writes';
import { QuoteForm } from './quote-form';
import { CustomerSummary } from './customer-summary';

/**
 * The proposal's customer: a summary, and for a quote still editable the quote form again (PUT
 * quote/{code}, §7). The update's state (queued, refused) is the mutation's: `update` from
 * useUpdateQuote, held by the page so it can say a change is waiting to be sent.
 */
export function QuoteSection({
  proposal,
  open,
  update,
  onSaved,
  onRefused,
}: {
  proposal: Proposal;
  /** The summary starts open (the first step of the wizard). */
  open: boolean;
  update: ReturnType<typeof useUpdateQuote>;
  onSaved: (message: string | null) => void;
  /** The server refused the change: the page reads the proposal again (it may have been confirmed meanwhile). */
  onRefused: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const c = proposal.customer;
  const code = proposal.quotation.data.code;
  const editable =
    Boolean(code) && isQuoteEditable({ kind: proposal.kind, status: proposal.status, sustainabilityAnswers: proposal.sustainability?.answers ?? null });

  if (editing && code) {
    return (
      <section data-testid="quote-edit">
        <h2>{it.quotation.quote.editTitle}</h2>
        <QuoteForm
          initial={quoteValuesOf(c)}
          offerType={proposal.quotation.data.offer.customerType}
          submitLabel={it.quotation.quote.save}
          // Confirmed meanwhile (the server said so): the fields lock, the server's message stays.
          disabled={!editable}
          onCancel={() => setEditing(false)}
          onSave={async (values) => {
            const { quoteCustomer } = await import('@core/quote-payload');
            const customer = quoteCustomer(values);
            if (!customer) return;
            const r = await update.mutateAsync(customer).catch((err: unknown) => {
              onRefused();
              throw err;
            });
            onSaved(r.state === 'sent' ? it.quotation.quote.updated : null);
            setEditing(false);
          }}
        />
      </section>
    );
  }
  return (
    <details className="customer-details" open={open}>
      <summary>
        {c.first_name} {c.last_name} · {editable ? it.quotation.quote.title : it.quotation.readOnly}
      </summary>
      <CustomerSummary values={c} />
      {editable && (
        <Button
          size="small"
          fill="outline"
          onClick={() => {
            onSaved(null);
            setEditing(true);
          }}
          data-testid="edit-quote"
        >
          {it.quotation.quote.edit}
        </Button>
      )}
    </details>
  );
}
