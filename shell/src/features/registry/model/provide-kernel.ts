// Module Federation provides a shared module only when the providing build references it. The shell
// itself needs just a few kernel subpaths at start-up; without these references every remote would
// load its own copy of the rest (and, through the kernel's internal imports, a second message
// catalogue). Dynamic imports: provided to all, downloaded only when a remote asks for them.
export const providedKernelModules = {
  domain: () => import('shared-kernel/domain'),
  events: () => import('shared-kernel/events'),
  schemas: () => import('shared-kernel/schemas'),
};
