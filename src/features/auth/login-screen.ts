import type { Session } from '@core/schemas/auth';
import { checkLogin, type LoginFields } from '@core/validation/login';
import { api, ApiError } from '../../api/client';
import { it } from '../../i18n/it';
import { loginMarkup } from './login-markup';

type Field = keyof LoginFields;

export type LoginOptions = {
  /** The session the server gave; the button stays busy until the promise settles (the app takes over). */
  onSignedIn: (session: Session) => void | Promise<void>;
  /** Opens another screen of the app (the password recovery link). */
  navigate: (path: string) => void;
};

/**
 * The login screen without React, Ionic or zod: it is the first screen, and on a slow phone the app's
 * code (React, Ionic, the router, TanStack Query) costs seconds of script evaluation that a login form
 * does not need (docs/adr/0161-login-entry-and-static-copy.md). It behaves as the app's forms: LoginSchema's messages
 * (core/validation/login.ts), fields checked on submit and, after a first submit, again as they change,
 * the server's field errors under the fields and its message above the button.
 *
 * Takes over the markup already in `container` (index.html's copy, loginMarkup) or writes it; returns
 * the clean-up.
 */
export function mountLogin(container: HTMLElement, options: LoginOptions): () => void {
  if (!container.querySelector('.login-form')) container.innerHTML = loginMarkup();
  const form = container.querySelector<HTMLFormElement>('.login-form')!;
  const button = form.querySelector<HTMLButtonElement>('.login-submit')!;
  const alert = form.querySelector<HTMLElement>('.login-alert')!;
  const link = container.querySelector<HTMLAnchorElement>('.login-link')!;
  const input = (name: Field) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const values = (): LoginFields => ({ email: input('email').value, password: input('password').value });
  let submitted = false;
  let pending = false;

  const showError = (name: Field, message: string | undefined) => {
    const box = input(name).closest<HTMLElement>('.outline-field')!;
    const text = box.querySelector<HTMLElement>('.outline-field-error')!;
    box.classList.toggle('ion-invalid', Boolean(message));
    input(name).setAttribute('aria-invalid', String(Boolean(message)));
    text.textContent = message ?? '';
    text.hidden = !message;
  };
  const scrollToFirstError = () => requestAnimationFrame(() => form.querySelector('.ion-invalid')?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  const setPending = (on: boolean) => {
    pending = on;
    button.disabled = on;
  };

  const onInput = (e: Event) => {
    const name = (e.target as HTMLInputElement).name as Field;
    if (submitted && (name === 'email' || name === 'password')) showError(name, checkLogin(values()).errors[name]);
  };
  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (pending) return;
    submitted = true;
    const { data, errors } = checkLogin(values());
    showError('email', errors.email);
    showError('password', errors.password);
    if (!data) return scrollToFirstError();
    alert.hidden = true;
    setPending(true);
    try {
      const { data: session } = await api<{ data: Session }>('login', { method: 'POST', body: data });
      await options.onSignedIn(session);
    } catch (err) {
      setPending(false);
      alert.textContent = err instanceof ApiError ? err.message : it.common.serverError;
      alert.hidden = false;
      if (!(err instanceof ApiError)) return;
      for (const [name, messages] of Object.entries(err.errors)) if ((name === 'email' || name === 'password') && messages[0]) showError(name, messages[0]);
      scrollToFirstError();
    }
  };
  const onLink = (e: MouseEvent) => {
    // Modifier clicks open the link in a new tab or window, as a plain link would.
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    options.navigate(link.pathname);
  };

  form.addEventListener('input', onInput);
  form.addEventListener('submit', onSubmit);
  link.addEventListener('click', onLink);
  delete form.dataset.booting;
  setPending(false);
  return () => {
    form.removeEventListener('input', onInput);
    form.removeEventListener('submit', onSubmit);
    link.removeEventListener('click', onLink);
  };
}
