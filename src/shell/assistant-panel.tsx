import { Button } from '../ui/button';
import { IonInput } from '../ui/ionic/input';
import closeOutline from 'ionicons-svg/close-outline.svg?raw';
import sendOutline from 'ionicons-svg/send-outline.svg?raw';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { hasFeature } from '@core/features';
import { ApiError } from '../api/api-error';
import { useProfile } from '../api/profile';
import { agentStatisticsQuery } from '../api/agent-statistics';
import { searchQuotationsQuery } from '../api/quotations-search';
import { it } from '../i18n/help';
import { Link } from 'react-router-dom';
import { answer } from './assistant-match';
import { describeQuotation, describeQuotations, describeStats, destination, quotationSearchOf, readRequest, type Reply } from './personal-assistant';
import { Icon } from '../ui/icon';
import { SubmitButton } from '../ui/form-base';

type Message = { from: 'user' | 'bot' } & Reply;

export default function AssistantPanel({
  mode,
  userName,
  support,
  onClose,
}: {
  mode: 'faq' | 'personal';
  userName: string;
  support: { email: string; phone: string } | null;
  onClose: () => void;
}) {
  const t = it.assistant;
  const mine = it.personalAssistant;
  const personal = mode === 'personal';
  const title = personal ? t.personal : t.title;
  const [messages, setMessages] = useState<Message[]>(() => [{ from: 'bot', text: personal ? mine.welcome(userName) : t.welcome }]);
  const queries = useQueryClient();
  const { data: profile } = useProfile();
  const [question, setQuestion] = useState('');
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages]);

  /** The FAQ's answer; when unsure, it says so and points to the FAQ and to support (docs/adr/0057). */
  const faqReply = (q: string): Reply => {
    const found = answer(q, it.faq.items);
    const contacts = support ? t.contact(support.email, support.phone) : '';
    if (found.kind === 'faq') return { text: found.entry.a, links: [destination('faq')] };
    if (found.kind === 'support') return { text: `${it.support.intro} ${contacts}`, links: [destination('support')] };
    return { text: `${t.notFound} ${contacts}`, links: [destination('faq'), destination('support')] };
  };
  /** The personal assistant: the agent's own data, read from the same API as the screens. */
  const personalReply = async (q: string): Promise<Reply> => {
    const r = readRequest(q);
    const quotations = hasFeature(profile?.features, 'quotations');
    try {
      switch (r.kind) {
        case 'greeting':
          return { text: mine.greeting(userName) };
        case 'help':
          return { text: mine.help, links: [destination('faq')] };
        case 'go':
          if (r.to === 'newQuotation') return { text: mine.newQuotation, links: [destination('newQuotation')] };
          return { text: mine.go(destination(r.to).label), links: [destination(r.to)] };
        case 'stats':
          if (!profile?.code) return { text: mine.failed };
          return describeStats(await queries.fetchQuery(agentStatisticsQuery(profile.code, r.interval)), r.focus);
        case 'quotations':
          if (!quotations) return { text: mine.notAllowed };
          return describeQuotations(await queries.fetchQuery(searchQuotationsQuery(quotationSearchOf(r), true)), r);
        case 'quotation':
          if (!quotations) return { text: mine.notAllowed };
          return describeQuotation(await queries.fetchQuery(searchQuotationsQuery(quotationSearchOf(r), true)), r.number);
        case 'other': {
          // A question about the portal's rules: the FAQ's answer, said to come from there.
          const found = answer(q, it.faq.items);
          if (found.kind === 'faq') return { text: `${mine.fromFaq} ${found.entry.a}`, links: [destination('faq')] };
          if (found.kind === 'support')
            return { text: `${it.support.intro} ${support ? t.contact(support.email, support.phone) : ''}`, links: [destination('support')] };
          return { text: mine.other, lines: [...mine.suggestions], links: [destination('faq'), destination('support')] };
        }
      }
    } catch (err) {
      return { text: err instanceof ApiError && err.isUnavailable ? mine.offline : mine.failed };
    }
  };
  const ask = (q: string) => {
    const text = q.trim();
    if (!text) return;
    setQuestion('');
    if (!personal) {
      setMessages((m) => [...m, { from: 'user', text }, { from: 'bot', ...faqReply(text) }]);
      return;
    }
    setMessages((m) => [...m, { from: 'user', text }]);
    void personalReply(text).then((r) => setMessages((m) => [...m, { from: 'bot', ...r }]));
  };
  const suggestions: readonly string[] = personal ? mine.suggestions : it.faq.items.slice(0, 3).map((f) => f.q);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // What the field shows, even when its input event has not reached the state yet.
    ask(e.currentTarget.querySelector('input')?.value || question);
  };

  return (
    <section className="assistant-panel" role="dialog" aria-label={title} data-testid="assistant-panel" data-mode={mode}>
      <header className="assistant-head">
        <strong>{title}</strong>
        <Button fill="clear" size="small" onClick={onClose} aria-label={t.close}>
          <Icon slot="icon-only" icon={closeOutline} />
        </Button>
      </header>
      <div className="assistant-log" ref={log} aria-live="polite">
        {messages.map((m, i) => (
          <div key={i} className={`assistant-msg assistant-${m.from}`} data-testid={`assistant-${m.from}`}>
            <p>{m.text}</p>
            {m.lines && m.lines.length > 0 && (
              <ul>
                {m.lines.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            )}
            {m.links?.map((l) => (
              <Link key={l.to + l.label} className="assistant-link" to={l.to}>
                {l.label}
              </Link>
            ))}
          </div>
        ))}
        {messages.length === 1 && (
          <div className="assistant-suggestions">
            <span className="muted">{personal ? mine.examples : t.suggestions}</span>
            {suggestions.map((q) => (
              <button key={q} type="button" onClick={() => ask(q)}>
                {q}
              </button>
            ))}
          </div>
        )}
      </div>
      <form className="assistant-form" onSubmit={submit}>
        <IonInput
          aria-label={t.placeholder}
          placeholder={t.placeholder}
          value={question}
          onIonInput={(e) => setQuestion(e.detail.value ?? '')}
          maxlength={300}
        />
        <SubmitButton fill="clear" aria-label={t.send}>
          <Icon slot="icon-only" icon={sendOutline} />
        </SubmitButton>
      </form>
    </section>
  );
}
