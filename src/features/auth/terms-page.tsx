import { zodResolver } from '@hookform/resolvers/zod';

import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { AcceptTermsSchema } from '@core/schemas/auth';
import { profileQuery } from '../../api/profile';
import { queryClient } from '../../api/query-client';
import { it } from '../../i18n/auth';
import { links, paths } from '../../routes';
import { PublicPage } from '../../shell/public-layout';
import { CheckboxField, FormError, scrollToFirstError } from '../../ui/form';
import { acceptTerms } from './api/auth';
import { SubmitButton } from '../../ui/form-base';

type Terms = z.infer<typeof AcceptTermsSchema>;

/** /sso/activate: a signed-on user who has not accepted the terms does it here first. */
export default function TermsPage() {
  const navigate = useNavigate();
  const form = useForm<Terms>({ resolver: zodResolver(AcceptTermsSchema), defaultValues: { terms: false as unknown as true } });
  const mutation = useMutation({
    mutationFn: acceptTerms,
    onSuccess: async () => {
      await queryClient.fetchQuery({ ...profileQuery, staleTime: 0 });
      navigate(paths.home, { replace: true });
    },
  });
  return (
    <PublicPage title={it.terms.title}>
      <p>{it.terms.intro}</p>
      <ul className="legal-links">
        <li>
          <a href={links.legal('termini-e-condizioni')} target="_blank" rel="noopener">
            {it.footer.terms}
          </a>
        </li>
        <li>
          <a href={links.legal('informativa-privacy')} target="_blank" rel="noopener">
            {it.footer.privacy}
          </a>
        </li>
        <li>
          <a href={links.legal('nomina-responsabile')} target="_blank" rel="noopener">
            {it.footer.processor}
          </a>
        </li>
      </ul>
      <form noValidate onSubmit={form.handleSubmit(() => mutation.mutate(), scrollToFirstError)}>
        <CheckboxField control={form.control} name="terms">
          {it.terms.accept}
        </CheckboxField>
        <FormError error={mutation.error} />
        <SubmitButton expand="block" disabled={mutation.isPending}>
          {it.terms.submit}
        </SubmitButton>
      </form>
    </PublicPage>
  );
}
