// Relative imports only: vite.config.ts writes this markup into index.html (its loader has no aliases).
import { LOGIN_LIMITS } from '../../../core/validation/login';
import { it } from '../../i18n/it';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The login form's fields: name, label and the input's attributes (limits as LoginSchema's, core/validation/login.ts). */
export const LOGIN_FIELDS = [
  { name: 'email', label: it.login.email, attrs: `type="email" autocomplete="username" inputmode="email" maxlength="${LOGIN_LIMITS.email}"` },
  { name: 'password', label: it.login.password, attrs: `type="password" autocomplete="current-password" maxlength="${LOGIN_LIMITS.password}"` },
] as const;

const field = ({ name, label, attrs }: (typeof LOGIN_FIELDS)[number]) =>
  `<div class="outline-field" data-field="${name}"><label for="login-${name}">${esc(label)}</label>` +
  `<input id="login-${name}" name="${name}" ${attrs} placeholder="${esc(it.common.placeholder)}" aria-describedby="login-${name}-error" />` +
  `<p class="outline-field-error" id="login-${name}-error" hidden></p></div>`;

const legal = (doc: string, text: string) => `<a href="/legal/${doc}.pdf" target="_blank" rel="noopener">${esc(text)}</a>`;

/**
 * The login screen as HTML: the public layout (shell/public-layout.tsx: card, logo, footer) with the
 * form. index.html carries it (vite.config.ts, loginShell), so a cold visit paints it from the HTML and
 * its fields take typing before any script has run; login-screen.ts gives it its behaviour. The submit
 * button stays disabled until then, so the form can never be sent by the browser itself.
 */
export function loginMarkup(): string {
  return [
    '<div class="ion-page login-screen"><div class="public-page login-scroll"><main class="public-card">',
    // Lazy: this copy stays hidden in every start but a first visit to /login, and a hidden lazy image is never fetched.
    `<img src="/logo-dark.svg" alt="${esc(it.appName)}" width="180" height="48" class="public-logo" loading="lazy" />`,
    `<h1>${esc(it.login.title)}</h1><p class="public-subtitle">${esc(it.login.subtitle)}</p>`,
    '<form class="login-form" method="post" novalidate data-booting>',
    ...LOGIN_FIELDS.map(field),
    '<p class="form-error login-alert" role="alert" hidden></p>',
    `<button type="submit" class="login-submit" disabled>${esc(it.login.submit)}</button>`,
    `</form><p class="public-links"><a class="login-link" href="/account/password/forgot">${esc(it.login.forgot)}</a></p>`,
    `</main><footer class="app-footer"><p>${esc(it.footer.text)}</p><nav aria-label="Documenti legali">`,
    legal('termini-e-condizioni', it.footer.terms),
    legal('informativa-privacy', it.footer.privacy),
    legal('nomina-responsabile', it.footer.processor),
    '</nav></footer></div></div>',
  ].join('');
}
