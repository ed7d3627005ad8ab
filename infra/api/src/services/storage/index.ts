import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';

/**
 * Where uploaded and generated files live. The API only speaks this interface, so an
 * S3-compatible store can replace the disk (the default) without touching routes.
 * Names are flat (no slashes): `[A-Za-z0-9][A-Za-z0-9._-]*`.
 */
export interface FileStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  exists(name: string): Promise<boolean>;
  delete(name: string): Promise<void>;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

function checkName(name: string): string {
  // Flat names only, so a name can never leave the storage folder.
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe file name: ${name}`);
  return name;
}

export class DiskFileStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  async put(name: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    // Write then rename: a reader never sees half a file.
    const target = path.join(this.dir, checkName(name));
    const temp = `${target}.${crypto.randomBytes(4).toString('hex')}.part`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, target);
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(path.join(this.dir, checkName(name)));
    } catch {
      return null;
    }
  }

  async exists(name: string): Promise<boolean> {
    try {
      await fs.access(path.join(this.dir, checkName(name)));
      return true;
    } catch {
      return false;
    }
  }

  async delete(name: string): Promise<void> {
    await fs.rm(path.join(this.dir, checkName(name)), { force: true });
  }
}

/**
 * Uploaded images are named `u{userId}-{random}.{ext}`: the name itself says who uploaded it, so
 * `POST /products` can refuse another user's upload without a table of pending uploads.
 */
export function uploadedFileName(userId: number, ext: 'jpg' | 'png'): string {
  return `u${userId}-${crypto.randomBytes(12).toString('hex')}.${ext}`;
}

/**
 * The cover copy of an image is named after it, `X.ext` → `X-cover.ext`, so the cover leads back to
 * the larger image it was made from (shown where the cover is shown large, issue 25).
 */
const COVER_SUFFIX = '-cover';

export function coverFileName(original: string): string {
  const dot = original.lastIndexOf('.');
  return `${original.slice(0, dot)}${COVER_SUFFIX}${original.slice(dot)}`;
}

export { largeFileNameOf } from '../../lib/image-names';

/** Whether `name` is an upload of `userId` (see `uploadedFileName`). */
export function isUploadOf(userId: number, name: string): boolean {
  return new RegExp(`^u${userId}-[0-9a-f]{24}\\.(jpg|png)$`).test(name);
}

export const fileStorage = fp<{ storage?: FileStorage }>(
  async (app, options) => {
    app.decorate('fileStorage', options.storage ?? new DiskFileStorage(app.config.filesDir));
  },
  { name: 'file-storage' },
);
