import { asc } from 'drizzle-orm';
import type { Category } from 'shared-kernel/schemas';
import type { CategoryNode } from '../catalog/categories';
import type { Db } from '../db/database';
import { categories } from '../db/schema';

export class CategoryRepository {
  constructor(private readonly db: Db) {}

  /**
   * The category tree is reference data every database needs, demo or not (a production start
   * had no category, so nothing could be listed): written on every start, existing rows kept.
   */
  async ensure(tree: readonly CategoryNode[]): Promise<void> {
    await this.db
      .insert(categories)
      .values(tree.map((c, i) => ({ ...c, sortOrder: i })))
      .onConflictDoNothing();
  }

  async list(): Promise<Category[]> {
    const rows = await this.db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
    return rows.map((r) => ({ id: r.id, name: r.name, parentCategoryId: r.parentCategoryId }));
  }
}
