import { useState, type FormEvent } from 'react';
import { ADMIN_USER_TOASTS, type AdminUser } from '../../../../../common/admin-users.schemas';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../../components/ui/dialog';
import { FormField } from '../../../../components/ui/form-field';
import { Input } from '../../../../components/ui/input';
import { errorToast, toast } from '../../../../components/ui/use-toast';
import { isApiError } from '../../../../lib/api-client';
import { useUpdateUserInfo } from '../api';
import { editUserChanges, editValuesOf, validateEditUser, type EditUserValues } from '../user-rules';

const FIELDS: { name: keyof EditUserValues; label: string; type: string; autoComplete: string }[] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'off' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'off' },
];

/** Edit User (docs/product/admin.md#users): only changed fields are sent, empty → null, no change closes without a request. */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent title="Edit User" description={`Change the account details of ${user.username}.`} size="md">
          <EditUserForm key={user.id} user={user} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [values, setValues] = useState(() => editValuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof EditUserValues, string>>>({});
  const update = useUpdateUserInfo();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateEditUser(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = editUserChanges(user, values);
    if (!changes) return onClose();
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => {
          toast({ title: ADMIN_USER_TOASTS.infoUpdated, variant: 'success' });
          onClose();
        },
        onError: (error) => errorToast((isApiError(error) && error.serverMessage) || ADMIN_USER_TOASTS.infoFailed),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {FIELDS.map((field) => (
        <FormField
          key={field.name}
          id={`edit-user-${field.name}`}
          label={field.label}
          error={errors[field.name]}
          required={field.name === 'username'}
        >
          {(control) => (
            <Input
              {...control}
              type={field.type}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            />
          )}
        </FormField>
      ))}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={update.isPending}>
          Update User
        </Button>
      </DialogFooter>
    </form>
  );
}
