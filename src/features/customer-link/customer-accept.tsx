import { zodResolver } from '@hookform/resolvers/zod';
import checkIcon from 'ionicons-svg/checkmark-circle-outline.svg?raw';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTimeIt } from '@core/format';
import { type PublicProposal, type ShareAccept, ShareAcceptDetailsSchema, ShareAcceptSchema, type ShareCodeSent } from '@core/schemas/share';
import { SIGN_CODE } from '@core/signing';
import { it } from '../../i18n/customer-link';
import { links } from '../../routes';
import { applyServerErrors, CheckboxField, FormError, scrollToFirstError, TextField } from '../../ui/form';
import { SubmitButton } from '../../ui/form-base';
import { Icon } from '../../ui/icon';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useAcceptProposal, useRequestSignCode } from './api/public-proposal';

const t = it.customerLink;

/**
 * 'Accetta' and the signature (docs/adr/0060-signing-with-a-one-time-code.md): the name and the consent, then a
 * one-time code sent to the customer's e-mail, typed back to sign. One form and one submit function: without a
 * code sent it asks for one, with one it accepts.
 */
export function Accept({ token, proposal: p }: { token: string; proposal: PublicProposal }) {
  const accept = useAcceptProposal(token);
  const requestCode = useRequestSignCode(token);
  const [sent, setSent] = useState<ShareCodeSent | null>(null);
  // The code is checked once it has been sent; until then the name and the consent only.
  const codeSent = useRef(false);
  const [withCode, withoutCode] = useState(() => [zodResolver(ShareAcceptSchema), zodResolver(ShareAcceptDetailsSchema)] as const)[0];
  const form = useForm<ShareAccept>({
    resolver: (values, context, options) => (codeSent.current ? withCode : (withoutCode as unknown as typeof withCode))(values, context, options),
    defaultValues: { name: '', consent: false as unknown as true, code: '' },
  });
  if (p.acceptance) {
    return (
      <section className="cl-card cl-accepted" data-testid="cl-accepted" role="status">
        <h2>
          <Icon icon={checkIcon} /> {p.acceptance.signed ? t.signedTitle : t.acceptTitle}
        </h2>
        <p>{(p.acceptance.signed ? t.signed : t.accepted)(formatDateTimeIt(p.acceptance.accepted_at), p.acceptance.name)}</p>
      </section>
    );
  }
  const onError = (err: unknown) => applyServerErrors(err, form.setError);
  const sendCode = () =>
    requestCode.mutate(undefined, {
      onSuccess: (answer) => {
        codeSent.current = true;
        setSent(answer);
        form.setValue('code', '');
      },
      onError,
    });
  const submit = (values: ShareAccept) => (sent ? accept.mutate(values, { onError }) : sendCode());
  const busy = accept.isPending || requestCode.isPending;
  return (
    <section className="cl-card" data-testid="cl-accept">
      <h2>{t.acceptTitle}</h2>
      <p className="muted">{t.acceptHint}</p>
      <form noValidate onSubmit={form.handleSubmit(submit, scrollToFirstError)}>
        <fieldset className="plain-fieldset" disabled={Boolean(sent)}>
          <TextField control={form.control} name="name" label={t.name} autocomplete="name" />
          <CheckboxField control={form.control} name="consent">
            <span className="cl-consent">{t.consent}</span>
          </CheckboxField>
        </fieldset>
        <p className="cl-privacy-link">
          <a href={links.legal('informativa-privacy')} target="_blank" rel="noopener">
            {t.privacy}
          </a>
        </p>
        {sent && (
          <div className="cl-code" data-testid="cl-code">
            <p role="status" data-testid="cl-code-sent">
              {t.codeSent(sent.sent_to, SIGN_CODE.ttlMs / 60_000)}
            </p>
            <TextField
              control={form.control}
              name="code"
              label={t.code}
              autocomplete="one-time-code"
              inputmode="numeric"
              maxlength={SIGN_CODE.digits}
              helperText={t.codeHelp}
              data-testid="cl-code-input"
            />
            <Button fill="clear" size="small" disabled={busy || sent.resends_left <= 0} onClick={sendCode} data-testid="cl-code-resend">
              {t.resend}
            </Button>
          </div>
        )}
        <FormError error={sent ? (accept.error ?? requestCode.error) : requestCode.error} />
        <SubmitButton expand="block" disabled={busy} data-testid="cl-accept-submit">
          {busy ? <Spinner name="dots" /> : sent ? t.sign : t.accept}
        </SubmitButton>
      </form>
    </section>
  );
}
