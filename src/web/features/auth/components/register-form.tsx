import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { registerFormSchema, type RegisterFormOutput, type RegisterFormValues } from '../auth-form.schemas';
import { useServerFieldErrors, type SubmitResult } from './server-field-errors';

interface RegisterFormProps {
  pending: boolean;
  onSubmit: (values: RegisterFormOutput) => Promise<SubmitResult>;
}

/**
 * Register mode (docs/product/auth.md#auth-page): Email Address (type email, it becomes the username), First
 * Name, Last Name, Password.
 */
export function RegisterForm({ pending, onSubmit }: RegisterFormProps) {
  const form = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', firstName: '', lastName: '', password: '' },
  });
  const { errors } = form.formState;
  const applyServerErrors = useServerFieldErrors(form.setError, ['username', 'firstName', 'lastName', 'password']);

  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(async (values) => applyServerErrors(await onSubmit(values)))}>
      <FormField
        id="register-email"
        label="Email Address"
        hint="Your email address will be your username when you log in."
        error={errors.username?.message}
        required
      >
        {(control) => <Input {...control} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...form.register('username')} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="register-first-name" label="First Name" error={errors.firstName?.message} required>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </FormField>
        <FormField id="register-last-name" label="Last Name" error={errors.lastName?.message} required>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </FormField>
      </div>
      <FormField id="register-password" label="Password" hint="At least 8 characters." error={errors.password?.message} required>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        Register
      </Button>
    </form>
  );
}
