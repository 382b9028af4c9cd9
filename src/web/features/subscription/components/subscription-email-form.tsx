import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '../../../../common/auth.schemas';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

/** docs/product/subscription.md#api: subscribing requires an email on the account. */
const subscriptionEmailSchema = z.object({
  email: z.string().trim().min(1, 'An email is required for subscription').pipe(emailSchema),
});

interface SubscriptionEmailFormProps {
  pending: boolean;
  onSubmit: (email: string) => Promise<void>;
}

/** The inline email form of docs/product/subscription.md#pages, shown when Subscribe is pressed on an account without one. */
export function SubscriptionEmailForm({ pending, onSubmit }: SubscriptionEmailFormProps) {
  const form = useForm({ resolver: zodResolver(subscriptionEmailSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-labelledby="subscription-email-title"
      className="grid gap-4 rounded-xl border border-line bg-paper p-4"
      onSubmit={form.handleSubmit(async ({ email }) => onSubmit(email))}
    >
      <div>
        <h3 id="subscription-email-title" className="flex items-center gap-2 font-semibold">
          <Mail aria-hidden className="size-4 text-accent" />
          Add your email to subscribe
        </h3>
        <p className="mt-1 text-sm text-ink-muted">Your receipts and renewal notices go there.</p>
      </div>
      <FormField id="subscription-email" label="Email" error={errors.email?.message} required>
        {(control) => <Input {...control} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} autoFocus {...form.register('email')} />}
      </FormField>
      <Button type="submit" className="justify-self-end" loading={pending}>
        Save and Continue
      </Button>
    </form>
  );
}
