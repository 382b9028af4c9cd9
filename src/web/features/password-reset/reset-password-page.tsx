import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorToast, toast, useDismissErrorToastsOnLeave } from '../../components/ui/use-toast';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PASSWORD_RESET_API, resetPassword, verifyResetToken } from './api';
import { ResetLayout } from './components/reset-layout';
import { resetFormSchema, type ResetFormValues } from './form.schemas';

const RESET_SUCCESS = 'Your password has been reset successfully.';

/** docs/product/password-reset.md#pages: verifying, then invalid or the form, then done. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  useDocumentTitle('Reset your password');
  useDismissErrorToastsOnLeave();
  const verification = useQuery({
    queryKey: [PASSWORD_RESET_API.verify, token],
    queryFn: () => verifyResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword({ token, password }),
    onSuccess: () => toast({ title: 'Success', description: RESET_SUCCESS, variant: 'success' }),
    // The answer's message is shown (docs/product/password-reset.md#reset).
    onError: (error) => errorToast(errorMessage(error)),
  });

  if (mutation.isSuccess) return <Done />;
  // A link used or expired while the form was open is as invalid as one that never was.
  const linkRejected = mutation.isError && isApiError(mutation.error, 400) && (mutation.error.body as { valid?: boolean } | null)?.valid === false;
  if (token === '' || verification.isError || verification.data?.valid === false || linkRejected) return <InvalidLink />;
  if (verification.isPending) {
    return (
      <ResetLayout>
        <div className="flex items-center gap-3 text-ink-muted">
          <Spinner className="size-5 text-accent" />
          <h1 className="text-base">Verifying your reset link…</h1>
        </div>
      </ResetLayout>
    );
  }
  return <ResetForm pending={mutation.isPending} onSubmit={(password) => mutation.mutate(password)} />;
}

function ResetForm({ pending, onSubmit }: { pending: boolean; onSubmit: (password: string) => void }) {
  const form = useForm<ResetFormValues>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;
  return (
    <ResetLayout>
      <h1 className="text-3xl font-semibold tracking-tight">Reset your password</h1>
      <p className="mt-2 text-sm text-ink-muted">Choose a new password of at least 8 characters.</p>
      <form noValidate className="mt-8 grid gap-5" onSubmit={form.handleSubmit((values) => onSubmit(values.password))}>
        <FormField id="reset-password" label="New Password" error={errors.password?.message} required>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        <FormField id="reset-confirm" label="Confirm Password" error={errors.confirmPassword?.message} required>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={pending}>
          Reset Password
        </Button>
      </form>
    </ResetLayout>
  );
}

function InvalidLink() {
  return (
    <ResetLayout>
      <div className="mb-6 grid size-14 place-items-center rounded-full bg-danger/10 text-danger">
        <LinkIcon aria-hidden className="size-7" />
      </div>
      <h1 className="text-3xl font-semibold tracking-tight">Invalid or Expired Link</h1>
      <p className="mt-3 text-sm leading-relaxed text-ink-muted">This password reset link is invalid or has expired. Links work once, for one hour.</p>
      <Button asChild size="lg" className="mt-8 w-full">
        <Link href="/forgot-password">Request New Link</Link>
      </Button>
    </ResetLayout>
  );
}

function Done() {
  return (
    <ResetLayout>
      <div className="mb-6 grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
        <CircleCheck aria-hidden className="size-7" />
      </div>
      <h1 className="text-3xl font-semibold tracking-tight">Password reset</h1>
      <p role="status" className="mt-3 text-sm leading-relaxed text-ink-muted">
        {RESET_SUCCESS} Log in with your new password.
      </p>
      <Button asChild size="lg" className="mt-8 w-full">
        <Link href="/auth?mode=login">Go to Login</Link>
      </Button>
    </ResetLayout>
  );
}
