import { IonContent } from '../ui/ionic/content';
import { IonPage } from '../ui/ionic/page';
import type { ReactNode } from 'react';
import { it } from '../i18n/it';
import { links } from '../routes';

// Kept apart from layout.tsx so the login screen does not load the authenticated shell.

export function Footer() {
  return (
    <footer className="app-footer">
      <p>{it.footer.text}</p>
      <nav aria-label="Documenti legali">
        <a href={links.legal('termini-e-condizioni')} target="_blank" rel="noopener">
          {it.footer.terms}
        </a>
        <a href={links.legal('informativa-privacy')} target="_blank" rel="noopener">
          {it.footer.privacy}
        </a>
        <a href={links.legal('nomina-responsabile')} target="_blank" rel="noopener">
          {it.footer.processor}
        </a>
      </nav>
    </footer>
  );
}

/** Public screens (login, activation, recovery, SSO): a centred card, no menu. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <IonPage>
      <IonContent className="public-page">
        <main className="public-card">
          <img src="/logo-dark.svg" alt={it.appName} width={180} height={48} className="public-logo" />
          <h1>{title}</h1>
          {children}
        </main>
        <Footer />
      </IonContent>
    </IonPage>
  );
}
