import { asc } from 'drizzle-orm';
import type { Category } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { categories } from '../db/schema';

export class CategoryRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<Category[]> {
    const rows = await this.db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
    return rows.map((r) => ({ id: r.id, name: r.name, parentCategoryId: r.parentCategoryId }));
  }
}
