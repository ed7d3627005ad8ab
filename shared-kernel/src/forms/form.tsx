import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FormProvider, useFormState, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
// The package's own subpath, not '../ui': in a remote's build this resolves to the shared
// shared-kernel/ui singleton, so the fields render with the shell's one Chakra copy and system.
import { Text } from 'shared-kernel/ui';

/** The type of an error the server gave; a field clears it as soon as its value changes. */
export const SERVER_ERROR = 'server';

/** Where a form-level server message is kept (not tied to one field); the next submit clears it. */
export const FORM_ERROR = 'root.server';

/** The error object for `setError(name, serverError(text))`. */
export function serverError(message: string): { type: typeof SERVER_ERROR; message: string } {
  return { type: SERVER_ERROR, message };
}

export interface FormProps<I extends FieldValues, O> extends Omit<ComponentPropsWithRef<'form'>, 'onSubmit' | 'noValidate' | 'children'> {
  form: UseFormReturn<I, unknown, O>;
  onSubmit: SubmitHandler<O>;
  children: ReactNode;
}

/**
 * A <form> bound to a `useZodForm` form: its fields find the form through context. noValidate: the
 * spec's Estonian messages are shown, never the browser's own required-field bubble.
 */
export function Form<I extends FieldValues, O>({ form, onSubmit, children, ...rest }: FormProps<I, O>) {
  return (
    <FormProvider {...form}>
      <form {...rest} noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** The form-level server message (`setError(FORM_ERROR, ...)`), announced as an alert. */
export function FormError({ testId }: { testId?: string }) {
  const { errors } = useFormState();
  const message = (errors.root?.server as { message?: string } | undefined)?.message;
  if (!message) return null;
  return (
    <Text role="alert" color="red.600" data-testid={testId}>
      {message}
    </Text>
  );
}
