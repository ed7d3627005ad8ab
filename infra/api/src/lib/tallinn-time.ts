import { formatTallinn } from 'shared-kernel/time';

export { formatTallinn };
