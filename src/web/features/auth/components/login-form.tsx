import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { loginFormSchema, type LoginFormValues } from '../auth-form.schemas';
import { useServerFieldErrors, type SubmitResult } from './server-field-errors';

interface LoginFormProps {
  pending: boolean;
  onSubmit: (values: { username: string; password: string }) => Promise<SubmitResult>;
}

/** Login mode (docs/product/auth.md#auth-page): Email as plain text, Password, and the Forgot your password? link. */
export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const form = useForm<LoginFormValues, unknown, { username: string; password: string }>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const applyServerErrors = useServerFieldErrors(form.setError, ['username', 'password']);

  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(async (values) => applyServerErrors(await onSubmit(values)))}>
      <FormField id="login-email" label="Email" error={errors.username?.message} required>
        {(control) => <Input {...control} type="text" autoComplete="username" inputMode="email" autoCapitalize="none" spellCheck={false} {...form.register('username')} />}
      </FormField>
      <div className="grid gap-1.5">
        <FormField id="login-password" label="Password" error={errors.password?.message} required>
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
        </FormField>
        <Link href="/forgot-password" className="justify-self-end text-sm font-medium text-accent hover:underline">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        Login
      </Button>
    </form>
  );
}
