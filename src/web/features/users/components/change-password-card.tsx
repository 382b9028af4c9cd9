import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { passwordChangeRequestSchema, type PasswordChangeRequest } from '../../../../common/password-change.schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorToast, toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api';

const empty: PasswordChangeRequest = { currentPassword: '', newPassword: '', confirmPassword: '' };
const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Change the password while signed in. The server checks the current password under sign-in's limits
 * and signs every other device out; this one stays. Its refusals land under the field they concern, and
 * a refusal of the whole attempt (too many tries) stays on the card, not only in a toast that vanishes.
 */
export function ChangePasswordCard({ username }: { username: string }) {
  const change = useChangePassword();
  const form = useForm<PasswordChangeRequest>({ resolver: zodResolver(passwordChangeRequestSchema), defaultValues: empty });
  const { errors } = form.formState;
  const [refusal, setRefusal] = useState<string | undefined>();

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    try {
      const { message } = await change.mutateAsync(values);
      form.reset(empty);
      toast({ title: 'Password changed', description: message, variant: 'success' });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const named = fields.filter((field) => fieldErrors[field]);
      for (const field of named)
        form.setError(field, { type: 'server', message: fieldErrors[field] }, { shouldFocus: field === named[0] });
      if (named.length === 0) setRefusal(errorMessage(error));
      errorToast(errorMessage(error));
    }
  });

  return (
    <Card>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="change-password-title">
        <CardHeader>
          <CardTitle id="change-password-title" className="flex items-center gap-2">
            <KeyRound aria-hidden className="size-5 text-accent" />
            Change password
          </CardTitle>
          <CardDescription>
            Other devices signed in to your account are signed out; this one stays. We e-mail you when it changes.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {/* Lets a password manager file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <FormField id="change-password-current" label="Current password" error={errors.currentPassword?.message} required>
            {(control) => (
              <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="change-password-new"
              label="New password"
              hint="At least 8 characters."
              error={errors.newPassword?.message}
              required
            >
              {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
            </FormField>
            <FormField id="change-password-confirm" label="Confirm new password" error={errors.confirmPassword?.message} required>
              {(control) => (
                <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
              )}
            </FormField>
          </div>
          {refusal && (
            <p role="alert" className="text-sm text-danger">
              {refusal}
            </p>
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
