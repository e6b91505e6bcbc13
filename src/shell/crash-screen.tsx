import { Component, type ReactNode } from 'react';
import { it } from '../i18n/it';

/**
 * The last resort around the whole app: a screen that fails to render shows the spec's server-error text
 * and a reload button instead of a blank page. What the agent had typed offline is safe in the outbox.
 */
export class CrashScreen extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="public-card crash-screen" role="alert">
        <img src="/logo-dark.svg" alt={it.appName} width={180} height={48} className="public-logo" />
        <p>{it.common.crashed}</p>
        <button type="button" className="crash-reload" onClick={() => window.location.reload()}>
          {it.common.reload}
        </button>
      </main>
    );
  }
}
