import { z } from 'shared-kernel/zod';
import { RequiredEmail, RequiredPassword, RequiredText } from 'shared-kernel/schemas';

/** Spec 5, Login: username and password required (the address is not checked here: the server answers). */
export const LoginForm = z.object({ username: RequiredText, password: RequiredPassword });
export type LoginValues = z.input<typeof LoginForm>;

/** The sandbox stand-in for Google's account chooser: one Google address. */
// Pure: a production build, where only the compiled-out sandbox form used it, drops it.
export const SandboxGoogleForm = /* @__PURE__ */ z.object({ email: RequiredEmail });
export type SandboxGoogleValues = z.input<typeof SandboxGoogleForm>;
