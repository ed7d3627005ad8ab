import { withTransaction, type Tx } from '../db/transaction';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import type { Db } from '../db/database';
import { productImages, products } from '../db/schema';
import { ApiError, notFound } from '../lib/api-error';

export interface ImageRow {
  id: number;
  fileName: string;
  sortOrder: number;
}

/**
 * A product's image rows as its owner edits them. Every change runs under the product row lock
 * (FOR NO KEY UPDATE, ADR 0013), so two tabs adding images at once cannot pass 4 between them, and
 * checks the owner under that lock: another user's product is "not found", never "forbidden".
 */
export class ProductImageRepository {
  constructor(private readonly db: Db) {}

  /** The images of the caller's product, first = cover; null when the product is not theirs (or none). */
  async ownedImages(productId: number, ownerId: number): Promise<ImageRow[] | null> {
    const [product] = await this.db.select({ userId: products.userId }).from(products).where(eq(products.id, productId)).limit(1);
    if (!product || product.userId !== ownerId) return null;
    return this.imagesOf(this.db, productId);
  }

  /**
   * Replaces the product's images with `fileNames` in order. `check` judges the request against
   * the rows as they are under the lock (and may throw); `replaceFirst` swaps the first name for
   * its cover copy when `check` accepted the list.
   */
  async replace(
    productId: number,
    ownerId: number,
    fileNames: string[],
    check: (current: ImageRow[]) => Promise<void>,
    replaceFirst?: { from: string; to: string },
  ): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const current = await this.lockOwned(tx, productId, ownerId);
      await check(current);
      const names = fileNames.map((name, i) => (i === 0 && replaceFirst?.from === name ? replaceFirst.to : name));
      // Rows that keep their file keep their id (and title), so image ids the client holds stay valid.
      const byName = new Map(current.map((row) => [row.fileName, row]));
      const keep = new Set<number>();
      for (const [order, name] of names.entries()) {
        const existing = byName.get(name);
        if (existing && !keep.has(existing.id)) {
          keep.add(existing.id);
          await tx.update(productImages).set({ sortOrder: order }).where(eq(productImages.id, existing.id));
        } else {
          const [row] = await tx
            .insert(productImages)
            .values({ productId, fileName: name, sortOrder: order })
            .returning({ id: productImages.id });
          keep.add(row.id);
        }
      }
      const gone = current.filter((row) => !keep.has(row.id)).map((row) => row.id);
      if (gone.length > 0) await tx.delete(productImages).where(inArray(productImages.id, gone));
      await tx
        .update(products)
        .set({ updatedTs: sql`now()` })
        .where(eq(products.id, productId));
    });
  }

  /**
   * Deletes one image (never the last: the spec requires one). When it was the cover, the next
   * image becomes the cover as `cover.to` (its cover copy), if `cover.expectedNext` is still next.
   */
  async deleteImage(productId: number, ownerId: number, imageId: number, cover?: { expectedNext: string; to: string }): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const current = await this.lockOwned(tx, productId, ownerId);
      const target = current.find((row) => row.id === imageId);
      if (!target) throw notFound(messages.errors.images.unknownImage);
      if (current.length <= 1) throw new ApiError(400, 'LAST_IMAGE', messages.errors.images.lastImage);
      await tx.delete(productImages).where(eq(productImages.id, imageId));
      const rest = current.filter((row) => row.id !== imageId);
      for (const [order, row] of rest.entries()) {
        const fileName = order === 0 && cover && row.fileName === cover.expectedNext && target === current[0] ? cover.to : row.fileName;
        await tx.update(productImages).set({ sortOrder: order, fileName }).where(eq(productImages.id, row.id));
      }
      await tx
        .update(products)
        .set({ updatedTs: sql`now()` })
        .where(eq(products.id, productId));
    });
  }

  private async lockOwned(tx: Tx, productId: number, ownerId: number): Promise<ImageRow[]> {
    const [product] = await tx.select({ userId: products.userId }).from(products).where(eq(products.id, productId)).for('no key update');
    if (!product || product.userId !== ownerId) throw notFound(messages.errors.api.productNotFound);
    return this.imagesOf(tx, productId);
  }

  private imagesOf(db: Db | Tx, productId: number): Promise<ImageRow[]> {
    return db
      .select({ id: productImages.id, fileName: productImages.fileName, sortOrder: productImages.sortOrder })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id));
  }
}
