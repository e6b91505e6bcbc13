import { it } from '../i18n/it';
import { links } from '../routes';

/** The footer of every screen, public and private: the spec's text and the legal documents. */
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
