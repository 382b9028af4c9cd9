import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { errorToast, useDismissErrorToastsOnLeave } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { requestPasswordReset } from './api';
import { ResetLayout } from './components/reset-layout';
import { forgotFormSchema, type ForgotFormValues } from './form.schemas';

const backToLogin = (
  <Link href="/auth?mode=login" className="inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline">
    <ArrowLeft aria-hidden className="size-4" />
    Back to Login
  </Link>
);

/** docs/product/password-reset.md#pages: an email form and Back to Login; afterwards the same neutral message whoever asked. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password?');
  useDismissErrorToastsOnLeave();
  const mutation = useMutation({ mutationFn: requestPasswordReset, onError: (error) => errorToast(errorMessage(error)) });
  const form = useForm<ForgotFormValues, unknown, { email: string }>({ resolver: zodResolver(forgotFormSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  if (mutation.isSuccess) {
    return (
      <ResetLayout>
        <div className="mb-6 grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
          <MailCheck aria-hidden className="size-7" />
        </div>
        <h1 className="text-3xl font-semibold tracking-tight">Check your email</h1>
        <p role="status" className="mt-3 text-sm leading-relaxed text-ink-muted">
          {mutation.data.message}
        </p>
        <p className="mt-3 text-sm leading-relaxed text-ink-muted">The link works once, for one hour. Nothing there? Check your spam folder, or ask again.</p>
        <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
          {backToLogin}
          <Button variant="secondary" onClick={() => mutation.reset()}>
            Send another link
          </Button>
        </div>
      </ResetLayout>
    );
  }

  return (
    <ResetLayout>
      <h1 className="text-3xl font-semibold tracking-tight">Forgot your password?</h1>
      <p className="mt-2 text-sm text-ink-muted">Enter the email of your account and we'll send you a link to choose a new password.</p>
      <form noValidate className="mt-8 grid gap-5" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <FormField id="forgot-email" label="Email" error={errors.email?.message} required>
          {(control) => <Input {...control} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...form.register('email')} />}
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
          Send Reset Link
        </Button>
      </form>
      <p className="mt-8 text-center">{backToLogin}</p>
    </ResetLayout>
  );
}
