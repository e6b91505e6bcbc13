import { IonContent } from '../ui/ionic/content';
import { IonPage } from '../ui/ionic/page';
import type { ReactNode } from 'react';
import { it } from '../i18n/it';
import { Footer } from './footer';

// Kept apart from layout.tsx so the login screen does not load the authenticated shell.

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
