import { getApi } from 'shared-kernel/api';
import { Category } from 'shared-kernel/schemas';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return getApi().get('/category', { schema: Category.array(), signal });
}
