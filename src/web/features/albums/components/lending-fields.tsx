import { AlarmClock } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { lentForText, loanState } from '../../../../common/loans';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useLoanReminders } from '../../../lib/session';
import type { AlbumFormApi } from '../album-form-values';

const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * How long the album has been out, from the date in the field, on the server's loan day
 * (docs/product/loans.md#overdue): "Lent 45 days: longer than your 30-day reminder" in
 * the danger colour once overdue.
 */
function LoanStatus({ form }: { form: AlbumFormApi }) {
  const lentDate = useWatch({ control: form.control, name: 'lentDate' });
  const reminders = useLoanReminders();
  const loan = loanState({ isLent: true, lentDate: lentDate || null }, reminders);
  if (!loan || loan.days === null) return null;
  if (loan.overdue) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-danger" data-testid="loan-status">
        <AlarmClock aria-hidden className="size-4 shrink-0" />
        <span>
          Overdue: {lentForText(loan.days)}, longer than your reminder of {daysText(reminders.days)}.
        </span>
      </p>
    );
  }
  return (
    <p className="text-sm text-ink-muted" data-testid="loan-status">
      {lentForText(loan.days)}. Flagged as overdue after {daysText(reminders.days)}.
    </p>
  );
}

/**
 * docs/product/loans.md#lending: ticking isLent reveals lentTo and lentDate; unticking
 * clears both. A lent album saved without a date is dated today by the shared schema.
 */
export function LendingFields({ form }: { form: AlbumFormApi }) {
  const { control, register, setValue, clearErrors, formState } = form;
  const isLent = useWatch({ control, name: 'isLent' });
  return (
    <div className="grid gap-5">
      <Controller
        control={control}
        name="isLent"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Checkbox
              id="album-is-lent"
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => {
                const lent = checked === true;
                field.onChange(lent);
                if (!lent) {
                  setValue('lentTo', '', { shouldDirty: true });
                  setValue('lentDate', '', { shouldDirty: true });
                  clearErrors(['lentTo', 'lentDate']);
                }
              }}
            />
            <Label htmlFor="album-is-lent">Lent out to someone</Label>
          </div>
        )}
      />
      {isLent && (
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="album-lent-to" label="Lent to" error={formState.errors.lentTo?.message} required>
            {(aria) => <Input {...aria} autoComplete="off" placeholder="Who has it?" {...register('lentTo')} />}
          </FormField>
          <FormField id="album-lent-date" label="Lent date" hint="Today, if you leave it empty." error={formState.errors.lentDate?.message}>
            {(aria) => <Input {...aria} type="date" {...register('lentDate')} />}
          </FormField>
          <div className="sm:col-span-2">
            <LoanStatus form={form} />
          </div>
        </div>
      )}
    </div>
  );
}
