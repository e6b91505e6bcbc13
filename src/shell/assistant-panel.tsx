import { IonButton } from '../ui/ionic/button';
import { IonInput } from '../ui/ionic/input';
import closeOutline from 'ionicons-svg/close-outline.svg?raw';
import sendOutline from 'ionicons-svg/send-outline.svg?raw';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { it } from '../i18n/help';
import { answer } from './assistant-match';
import { Icon } from '../ui/icon';
import { SubmitButton } from '../ui/form-base';

type Message = { from: 'user' | 'bot'; text: string };

export default function AssistantPanel({
  mode,
  botId,
  userName,
  support,
  onClose,
}: {
  mode: 'faq' | 'personal';
  botId: string;
  userName: string;
  support: { email: string; phone: string } | null;
  onClose: () => void;
}) {
  const t = it.assistant;
  const title = mode === 'personal' ? t.personal : t.title;
  const [messages, setMessages] = useState<Message[]>(() => [
    { from: 'bot', text: mode === 'personal' ? `${t.personalIntro(userName)} ${t.personalWelcome}` : t.welcome },
  ]);
  const [question, setQuestion] = useState('');
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages]);

  const reply = (q: string): string => {
    const found = answer(q, it.faq.items);
    const contacts = support ? t.contact(support.email, support.phone) : '';
    if (found.kind === 'faq') return found.entry.a;
    if (found.kind === 'support') return `${it.support.intro} ${contacts}`;
    return `${t.notFound} ${contacts}`;
  };
  const ask = (q: string) => {
    const text = q.trim();
    if (!text) return;
    setMessages((m) => [...m, { from: 'user', text }, { from: 'bot', text: reply(text) }]);
    setQuestion('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask(question);
  };

  return (
    <section className="assistant-panel" role="dialog" aria-label={title} data-testid="assistant-panel" data-bot={mode === 'personal' ? botId : undefined}>
      <header className="assistant-head">
        <strong>{title}</strong>
        <IonButton fill="clear" size="small" onClick={onClose} aria-label={t.close}>
          <Icon slot="icon-only" icon={closeOutline} />
        </IonButton>
      </header>
      <div className="assistant-log" ref={log} aria-live="polite">
        {messages.map((m, i) => (
          <p key={i} className={`assistant-msg assistant-${m.from}`}>
            {m.text}
          </p>
        ))}
        {messages.length === 1 && (
          <div className="assistant-suggestions">
            <span className="muted">{t.suggestions}</span>
            {it.faq.items.slice(0, 3).map((f) => (
              <button key={f.q} type="button" onClick={() => ask(f.q)}>
                {f.q}
              </button>
            ))}
          </div>
        )}
      </div>
      <form className="assistant-form" onSubmit={submit}>
        <IonInput aria-label={t.placeholder} placeholder={t.placeholder} value={question} onIonInput={(e) => setQuestion(e.detail.value ?? '')} maxlength={300} />
        <SubmitButton fill="clear" aria-label={t.send}>
          <Icon slot="icon-only" icon={sendOutline} />
        </SubmitButton>
      </form>
    </section>
  );
}
