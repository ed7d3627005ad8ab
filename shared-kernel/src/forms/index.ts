// Forms of every slice: react-hook-form with the zod resolver on the kernel schemas (ADR 0007).
export { useZodForm, SCHEMA_NOT_LOADED } from './use-zod-form';
// The catalogue's wording of zod's issues, without zod: importing the forms loads no zod (issue 28).
export { zodIssueMessage } from '../zod/issue-message';
export type { ZodFormOptions, ZodFormSchema } from './use-zod-form';
export { Form, FormError, FORM_ERROR, SERVER_ERROR, serverError } from './form';
export type { FormProps } from './form';
export { FormField } from './form-field';
export type { FormFieldProps } from './form-field';
export { CheckboxField } from './checkbox-field';
export type { CheckboxFieldProps } from './checkbox-field';
export { SelectField } from './select-field';
export type { SelectFieldProps, SelectOption } from './select-field';
export { useWatch, useFormState, useFormContext } from 'react-hook-form';
export type { UseFormReturn, SubmitHandler, FieldPath, FieldValues } from 'react-hook-form';
