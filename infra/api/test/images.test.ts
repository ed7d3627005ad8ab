import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { OwnerProduct, Product, ProductDetails, UploadedFileNames } from 'shared-kernel/schemas';
import { productImages, products } from '../src/db/schema';
import { decodeBmp } from '../src/services/images';
import type { FileStorage } from '../src/services/storage';
import { createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';
import { expectApiError } from '../src/testing/assertions';

// Issue 11, owner images: POST /file-upload/images, PUT /products/{id}/images,
// DELETE /products/{id}/image/{imageId}. Files go to an in-memory storage, read back with sharp.

class MemoryStorage implements FileStorage {
  readonly files = new Map<string, Buffer>();
  async put(name: string, data: Buffer) {
    this.files.set(name, data);
  }
  async get(name: string) {
    return this.files.get(name) ?? null;
  }
  async exists(name: string) {
    return this.files.has(name);
  }
  async delete(name: string) {
    this.files.delete(name);
  }
}

let ctx: TestContext;
const storage = new MemoryStorage();
let ids: Record<Who, number>;
let productId: number; // the owner's
let secondProductId: number; // the owner's too
let otherProductId: number; // kadri's

// Test images, made once.
let bigJpeg: Buffer; // 3000 × 2000
let smallPng: Buffer; // 500 × 500
let bmp: Buffer; // 300 × 200, 24-bit, written by hand
let tinyPng: Buffer; // 2 × 2
const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 0x41)]);

let as: TestAs;

const expectError = expectApiError;

/** A 24-bit bottom-up Windows bitmap: left half red, right half blue. */
function makeBmp(width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + stride * height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(stride * height, 34);
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * stride + x * 3;
      if (x < width / 2) pixels[p + 2] = 255;
      else pixels[p] = 255;
    }
  }
  return Buffer.concat([header, pixels]);
}

interface FilePart {
  field?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body; a part without `filename` is a plain field. */
function multipart(parts: FilePart[], boundary = 'rendimeBoundary7MA4YWxk'): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field ?? 'files'}"; filename="${part.filename}"`
      : `form-data; name="${part.field ?? 'files'}"`;
    const type = part.filename ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const file = (data: Buffer, filename = 'pilt.jpg', type = 'image/jpeg'): FilePart => ({ data, filename, type });

async function upload(who: Who | undefined, parts: FilePart[], query = '') {
  const { payload, headers } = multipart(parts);
  return ctx.app.inject({ method: 'POST', url: `/file-upload/images${query}`, headers: { ...headers, ...(await as(who)) }, payload });
}

async function uploaded(who: Who, parts: FilePart[], query = ''): Promise<string[]> {
  const res = await upload(who, parts, query);
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return UploadedFileNames.parse(res.json());
}

async function widthOf(name: string): Promise<{ width: number; height: number; format: string; exif: boolean }> {
  const data = storage.files.get(name);
  if (!data) throw new Error(`not stored: ${name}`);
  const meta = await sharp(data).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, exif: Boolean(meta.exif) };
}

async function imageRows(productIds = [productId, secondProductId, otherProductId]) {
  return ctx.database.db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      fileName: productImages.fileName,
      sortOrder: productImages.sortOrder,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.sortOrder), asc(productImages.id));
}

/** What a refused call must leave as it was: every image row of the test products and every stored file. */
async function snapshot(): Promise<string> {
  return JSON.stringify({ rows: await imageRows(), files: [...storage.files.keys()].sort() });
}

async function setImages(who: Who | undefined, product: number, names: string[]) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/products/${product}/images`,
    headers: await as(who),
    payload: names.map((fileName, order) => ({ fileName, order })),
  });
}

async function deleteImage(who: Who | undefined, product: number | string, imageId: number | string) {
  return ctx.app.inject({ method: 'DELETE', url: `/products/${product}/image/${imageId}`, headers: await as(who) });
}

const fileOf = (url: string) => url.split('/').pop()!;

beforeAll(async () => {
  ctx = await createTestApp({ demo: true, app: { fileStorage: storage } });
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, as } = await demoCast(ctx));
  const ownedBy = async (userId: number) =>
    (await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.userId, userId)).orderBy(products.id).limit(2)).map(
      (p) => p.id,
    );
  [productId, secondProductId] = await ownedBy(ids.owner);
  [otherProductId] = await ownedBy(ids.other);

  bigJpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 40, g: 160, b: 90 } } })
    .jpeg()
    .toBuffer();
  smallPng = await sharp({ create: { width: 500, height: 500, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } })
    .png()
    .toBuffer();
  tinyPng = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#39C689' } })
    .png()
    .toBuffer();
  bmp = makeBmp(300, 200);
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /file-upload/images', () => {
  it('stores each file under the uploader’s name, the cover at most 435 px wide, and answers the names in order', async () => {
    const names = await uploaded(
      'owner',
      [file(bigJpeg), file(smallPng, 'a.png', 'image/png'), file(bmp, 'b.bmp', 'image/bmp')],
      '?cover=true',
    );
    expect(names).toHaveLength(3);
    expect(names[0]).toMatch(new RegExp(`^u${ids.owner}-[0-9a-f]{24}\\.jpg$`));
    expect(names[1]).toMatch(new RegExp(`^u${ids.owner}-[0-9a-f]{24}\\.png$`));
    // bmp is stored as png.
    expect(names[2]).toMatch(new RegExp(`^u${ids.owner}-[0-9a-f]{24}\\.png$`));
    expect(await widthOf(names[0])).toEqual({ width: 435, height: 290, format: 'jpeg', exif: false });
    // Small images are not enlarged.
    expect(await widthOf(names[1])).toMatchObject({ width: 500, height: 500, format: 'png' });
    expect(await widthOf(names[2])).toMatchObject({ width: 300, height: 200, format: 'png' });
    // The bitmap's pixels survive: red on the left, blue on the right.
    const { data } = await sharp(storage.files.get(names[2])!).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);

    const served = await ctx.app.inject({ url: `/files/${names[0]}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('keeps other images at most 2000 px wide; a cover field in the form works like the query', async () => {
    const [big] = await uploaded('owner', [file(bigJpeg)]);
    expect(await widthOf(big)).toMatchObject({ width: 2000, height: 1333, format: 'jpeg' });
    const [cover, second] = await uploaded('owner', [{ field: 'cover', data: Buffer.from('true') }, file(bigJpeg), file(bigJpeg)]);
    expect((await widthOf(cover)).width).toBe(435);
    expect((await widthOf(second)).width).toBe(2000);
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    const rotated = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const [name] = await uploaded('owner', [file(rotated)]);
    const meta = await sharp(storage.files.get(name)!).metadata();
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation, exif: meta.exif }).toEqual({
      width: 200,
      height: 300,
      orientation: undefined,
      exif: undefined,
    });
  });

  it('reads the kinds of bitmaps paint programs write: 8-bit palette and 32-bit', () => {
    const paletted = Buffer.alloc(54 + 8 + 4 * 2);
    paletted.write('BM', 0, 'latin1');
    paletted.writeUInt32LE(54 + 8, 10);
    paletted.writeUInt32LE(40, 14);
    paletted.writeInt32LE(2, 18);
    paletted.writeInt32LE(-2, 22); // top-down
    paletted.writeUInt16LE(8, 28);
    paletted.writeUInt32LE(2, 46);
    Buffer.from([0, 0, 255, 0, 255, 0, 0, 0]).copy(paletted, 54); // red, blue
    Buffer.from([0, 1, 0, 0, 1, 0, 0, 0]).copy(paletted, 62);
    expect([...decodeBmp(paletted, 100).data]).toEqual([255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 0, 255]);
  });

  it('refuses the signed-out (401) and users who must verify identity (403); a limited user may upload', async () => {
    const before = await snapshot();
    expectError(await upload(undefined, [file(tinyPng, 'a.png', 'image/png')]), 401, 'UNAUTHORIZED');
    const refused = expectError(await upload('needsId', [file(tinyPng, 'a.png', 'image/png')]), 403, 'FORBIDDEN');
    expect(refused.codes).toContain('IDENTITY_NOT_VERIFIED');
    expect(await snapshot()).toBe(before);
    const [name] = await uploaded('limited', [file(tinyPng, 'a.png', 'image/png')]);
    expect(name).toMatch(new RegExp(`^u${ids.limited}-`));
  });

  describe('bad input changes nothing', () => {
    let before: string;
    beforeEach(async () => {
      before = await snapshot();
    });
    afterEach(async () => {
      expect(await snapshot()).toBe(before);
    });

    it('a renamed .exe, even after a good image: INVALID_FILE_TYPE', async () => {
      const body = expectError(await upload('owner', [file(exe, 'kass.jpg')]), 400, 'INVALID_FILE_TYPE');
      expect(body.message).toBe('Lubatud on ainult jpeg-, png- ja bmp-pildid.');
      expectError(await upload('owner', [file(tinyPng, 'a.png', 'image/png'), file(exe, 'kass.jpg')]), 400, 'INVALID_FILE_TYPE');
    });

    it('bytes that only start like an image, and a gif: INVALID_FILE_TYPE', async () => {
      const broken = Buffer.concat([bigJpeg.subarray(0, 400), Buffer.alloc(4000, 0x11)]);
      expectError(await upload('owner', [file(broken)]), 400, 'INVALID_FILE_TYPE');
      expectError(await upload('owner', [file(Buffer.concat([tinyPng.subarray(0, 8), bigJpeg]))]), 400, 'INVALID_FILE_TYPE');
      const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      expectError(await upload('owner', [file(gif, 'a.gif', 'image/gif')]), 400, 'INVALID_FILE_TYPE');
      expectError(await upload('owner', [file(Buffer.from('BM'), 'a.bmp', 'image/bmp')]), 400, 'INVALID_FILE_TYPE');
    });

    it('9,900,001 bytes: FILE_TOO_LARGE (multipart’s own limit), never a 500; a decompression bomb too', async () => {
      const huge = Buffer.concat([bigJpeg, Buffer.alloc(9_900_001 - bigJpeg.length, 0)]);
      expect(huge.length).toBe(9_900_001);
      expectError(await upload('owner', [file(tinyPng, 'a.png', 'image/png'), file(huge)]), 413, 'FILE_TOO_LARGE');
      const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      expectError(await upload('owner', [file(bomb, 'a.png', 'image/png')]), 400, 'FILE_TOO_LARGE');
    });

    it('more than 4 files: TOO_MANY_IMAGES', async () => {
      const body = expectError(
        await upload(
          'owner',
          Array.from({ length: 5 }, () => file(tinyPng, 'a.png', 'image/png')),
        ),
        400,
        'TOO_MANY_IMAGES',
      );
      expect(body.message).toBe('Maksimaalselt 4 pilti');
    });

    it('no files, files in another field, an unknown field: VALIDATION_ERROR', async () => {
      expectError(await upload('owner', []), 400, 'VALIDATION_ERROR');
      expectError(await upload('owner', [{ field: 'cover', data: Buffer.from('true') }]), 400, 'VALIDATION_ERROR');
      expectError(await upload('owner', [{ ...file(tinyPng, 'a.png', 'image/png'), field: 'file' }]), 400, 'VALIDATION_ERROR');
      expectError(
        await upload('owner', [file(tinyPng, 'a.png', 'image/png'), { field: 'name', data: Buffer.from('x') }]),
        400,
        'VALIDATION_ERROR',
      );
    });

    it('not multipart, or broken multipart: 4xx with a code', async () => {
      const headers = await as('owner');
      const json = await ctx.app.inject({ method: 'POST', url: '/file-upload/images', headers, payload: { files: ['x'] } });
      expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const empty = await ctx.app.inject({ method: 'POST', url: '/file-upload/images', headers });
      expectError(empty, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const text = await ctx.app.inject({
        method: 'POST',
        url: '/file-upload/images',
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'files',
      });
      expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const { payload } = multipart([file(tinyPng, 'a.png', 'image/png')]);
      const truncated = await ctx.app.inject({
        method: 'POST',
        url: '/file-upload/images',
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=rendimeBoundary7MA4YWxk' },
        payload: payload.subarray(0, 120),
      });
      expectError(truncated, 400, 'VALIDATION_ERROR');
      const noBoundary = await ctx.app.inject({
        method: 'POST',
        url: '/file-upload/images',
        headers: { ...headers, 'content-type': 'multipart/form-data' },
        payload,
      });
      expectError(noBoundary, 400, 'VALIDATION_ERROR');
      expectError(await upload('owner', [file(tinyPng, 'a.png', 'image/png')], '?cover=maybe'), 400, 'VALIDATION_ERROR');
    });
  });

  it('allows 60 images per user in 10 minutes, then RATE_LIMITED until the window moves', async () => {
    const four = Array.from({ length: 4 }, () => file(tinyPng, 'a.png', 'image/png'));
    for (let i = 0; i < 15; i++) await uploaded('business', four);
    const before = await snapshot();
    expectError(await upload('business', [file(tinyPng, 'a.png', 'image/png')]), 429, 'RATE_LIMITED');
    expect(await snapshot()).toBe(before);
    // Someone else is not affected.
    await uploaded('other', [file(tinyPng, 'a.png', 'image/png')]);
    ctx.clock.advance(10 * 60_000 + 1);
    await uploaded('business', [file(tinyPng, 'a.png', 'image/png')]);
  });
});

describe('PUT /products/{id}/images', () => {
  let a: string; // cover-sized (435)
  let b: string; // 2000 wide
  let c: string; // png 500
  let d: string; // bmp → png 300

  beforeAll(async () => {
    [a, b, c, d] = await uploaded(
      'owner',
      [file(bigJpeg), file(bigJpeg), file(smallPng, 'c.png', 'image/png'), file(bmp, 'd.bmp', 'image/bmp')],
      '?cover=true',
    );
  });

  it('replaces the images in the given order; the public reads show them at once', async () => {
    const res = await setImages('owner', productId, [a, b, c]);
    if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
    const product = OwnerProduct.parse(res.json());
    expect(product).toMatchObject({ id: productId, userId: ids.owner, active: expect.any(Boolean), ownerReservations: expect.any(Array) });
    expect(product.images.map((i) => fileOf(i.url))).toEqual([a, b, c]);
    expect((await imageRows([productId])).map((r) => [r.fileName, r.sortOrder])).toEqual([
      [a, 0],
      [b, 1],
      [c, 2],
    ]);
    const publicProduct = Product.parse((await ctx.app.inject({ url: `/products/${productId}` })).json());
    expect(publicProduct.images.map((i) => fileOf(i.url))).toEqual([a, b, c]);
    const details = ProductDetails.parse((await ctx.app.inject({ url: `/products/${productId}/details` })).json());
    expect(details.images.map((i) => i.url)).toEqual(product.images.map((i) => i.url));
  });

  it('orders by `order`, keeps the ids of images that stay, and makes a 435 px cover copy when a wide image becomes first', async () => {
    const before = await imageRows([productId]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/products/${productId}/images`,
      headers: await as('owner'),
      payload: [
        { fileName: a, order: 2 },
        { fileName: b, order: 0 },
        { fileName: c, order: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const product = OwnerProduct.parse(res.json());
    const names = product.images.map((i) => fileOf(i.url));
    // b is 2000 px: the cover is a new file named after b, b itself stays as it was served and is
    // the cover's large rendition (issue 25); the other images have none.
    expect(names[0]).toBe(b.replace(/\.jpg$/, '-cover.jpg'));
    expect(await widthOf(names[0])).toMatchObject({ width: 435, format: 'jpeg' });
    expect(await widthOf(b)).toMatchObject({ width: 2000 });
    expect(names.slice(1)).toEqual([c, a]);
    expect(product.images.map((i) => (i.largeUrl ? fileOf(i.largeUrl) : null))).toEqual([b, null, null]);
    const shown = Product.parse((await ctx.app.inject({ url: `/products/${productId}` })).json());
    expect(shown.images[0].largeUrl).toBe(product.images[0].largeUrl);
    const idOf = (rows: { id: number; fileName: string }[], name: string) => rows.find((r) => r.fileName === name)?.id;
    expect(product.images[1].id).toBe(idOf(before, c));
    expect(product.images[2].id).toBe(idOf(before, a));

    // A narrow first image is its own cover.
    const again = OwnerProduct.parse((await setImages('owner', productId, [d, a, c])).json());
    expect(again.images.map((i) => fileOf(i.url))).toEqual([d, a, c]);
  });

  it('refuses a fifth image with TOO_MANY_IMAGES and the spec text', async () => {
    const [e] = await uploaded('owner', [file(tinyPng, 'e.png', 'image/png')]);
    const before = await snapshot();
    const body = expectError(await setImages('owner', productId, [c, a, d, b, e]), 400, 'TOO_MANY_IMAGES');
    expect(body.message).toBe('Maksimaalselt 4 pilti');
    expect(await snapshot()).toBe(before);
    expect((await setImages('owner', productId, [c, a, d, e])).statusCode).toBe(200);
    expect((await setImages('owner', productId, [c, a, d])).statusCode).toBe(200);
  });

  it('authorization: signed-out 401, need-ID 403, anyone but the owner 404 (ids are not probed)', async () => {
    const [theirs] = await uploaded('other', [file(tinyPng, 'a.png', 'image/png')]);
    const [limitedUpload] = await uploaded('limited', [file(tinyPng, 'a.png', 'image/png')]);
    const before = await snapshot();
    expectError(await setImages(undefined, productId, [c]), 401, 'UNAUTHORIZED');
    expectError(await setImages('needsId', productId, [c]), 403, 'FORBIDDEN');
    expectError(await setImages('other', productId, [theirs]), 404, 'NOT_FOUND');
    expectError(await setImages('renter', productId, [c]), 404, 'NOT_FOUND');
    expectError(await setImages('limited', productId, [limitedUpload]), 404, 'NOT_FOUND');
    expectError(await setImages('owner', 999999, [c]), 404, 'NOT_FOUND');
    expect(await snapshot()).toBe(before);
    // The other owner may change their own product.
    expect((await setImages('other', otherProductId, [theirs])).statusCode).toBe(200);
  });

  describe('bad input changes nothing', () => {
    let before: string;
    let theirs: string;
    beforeAll(async () => {
      [theirs] = await uploaded('other', [file(tinyPng, 'a.png', 'image/png')]);
    });
    beforeEach(async () => {
      before = await snapshot();
    });
    afterEach(async () => {
      expect(await snapshot()).toBe(before);
    });

    it('names that are not the product’s images nor the caller’s stored uploads', async () => {
      expectError(await setImages('owner', productId, [c, theirs]), 400, 'VALIDATION_ERROR');
      expectError(await setImages('owner', productId, [`u${ids.owner}-${'0'.repeat(24)}.jpg`]), 400, 'VALIDATION_ERROR');
      expectError(await setImages('owner', productId, ['../../etc/passwd']), 400, 'VALIDATION_ERROR');
      // The other owner's product image is not the owner's to take.
      const [otherRow] = await imageRows([otherProductId]);
      expectError(await setImages('owner', productId, [otherRow.fileName]), 400, 'VALIDATION_ERROR');
      // A wide image first with a bad second one leaves no cover copy behind.
      expectError(await setImages('owner', productId, [b, theirs]), 400, 'VALIDATION_ERROR');
    });

    it('malformed bodies and ids', async () => {
      const headers = await as('owner');
      const put = (url: string, payload: unknown) => ctx.app.inject({ method: 'PUT', url, headers, payload: payload as string });
      expectError(await put(`/products/${productId}/images`, []), 400, 'VALIDATION_ERROR');
      expectError(await put(`/products/${productId}/images`, { fileName: c, order: 0 }), 400, 'VALIDATION_ERROR');
      expectError(await put(`/products/${productId}/images`, [{ fileName: '', order: 0 }]), 400, 'VALIDATION_ERROR');
      expectError(await put(`/products/${productId}/images`, [{ fileName: c, order: -1 }]), 400, 'VALIDATION_ERROR');
      expectError(await put(`/products/${productId}/images`, [{ fileName: c }]), 400, 'VALIDATION_ERROR');
      expectError(await setImages('owner', productId, [c, c]), 400, 'VALIDATION_ERROR');
      expectError(
        await put(
          `/products/${productId}/images`,
          Array.from({ length: 30 }, (_, i) => ({ fileName: c, order: i % 10 })),
        ),
        400,
        'VALIDATION_ERROR',
      );
      for (const id of ['abc', '0', '-1', '1.5', '99999999999'])
        expectError(await put(`/products/${id}/images`, [{ fileName: c, order: 0 }]), 400, 'VALIDATION_ERROR');
      const raw = await ctx.app.inject({
        method: 'PUT',
        url: `/products/${productId}/images`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '[{',
      });
      expectError(raw, 400, 'MALFORMED_JSON');
    });
  });
});

describe('DELETE /products/{id}/image/{imageId}', () => {
  let names: string[];

  beforeEach(async () => {
    names = await uploaded('owner', [file(bigJpeg), file(bigJpeg), file(smallPng, 'c.png', 'image/png')], '?cover=true');
    expect((await setImages('owner', productId, names)).statusCode).toBe(200);
    expect((await setImages('owner', secondProductId, [names[2]])).statusCode).toBe(200);
  });

  it('removes a non-cover image and answers the product', async () => {
    const [, second] = await imageRows([productId]);
    const res = await deleteImage('owner', productId, second.id);
    expect(res.statusCode).toBe(200);
    expect(OwnerProduct.parse(res.json()).images.map((i) => fileOf(i.url))).toEqual([names[0], names[2]]);
    expect((await imageRows([productId])).map((r) => r.sortOrder)).toEqual([0, 1]);
  });

  it('deleting the cover makes the next image the cover, as a 435 px copy', async () => {
    const [cover] = await imageRows([productId]);
    const res = await deleteImage('owner', productId, cover.id);
    expect(res.statusCode).toBe(200);
    const left = OwnerProduct.parse(res.json()).images.map((i) => fileOf(i.url));
    expect(left).toHaveLength(2);
    expect(left[0]).not.toBe(names[1]);
    expect(await widthOf(left[0])).toMatchObject({ width: 435 });
    expect(left[1]).toBe(names[2]);
  });

  it('never deletes the last image (LAST_IMAGE); two deletes at once leave one', async () => {
    const [only] = await imageRows([secondProductId]);
    let before = await snapshot();
    expectError(await deleteImage('owner', secondProductId, only.id), 400, 'LAST_IMAGE');
    expect(await snapshot()).toBe(before);

    const rows = await imageRows([productId]);
    await deleteImage('owner', productId, rows[2].id);
    before = await snapshot();
    const [x, y] = await Promise.all([deleteImage('owner', productId, rows[0].id), deleteImage('owner', productId, rows[1].id)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 400]);
    expect(await imageRows([productId])).toHaveLength(1);
  });

  it('authorization and bad ids: nothing changes', async () => {
    const rows = await imageRows([productId]);
    const [secondRow] = await imageRows([secondProductId]);
    const before = await snapshot();
    expectError(await deleteImage(undefined, productId, rows[1].id), 401, 'UNAUTHORIZED');
    expectError(await deleteImage('needsId', productId, rows[1].id), 403, 'FORBIDDEN');
    expectError(await deleteImage('other', productId, rows[1].id), 404, 'NOT_FOUND');
    expectError(await deleteImage('limited', productId, rows[1].id), 404, 'NOT_FOUND');
    expectError(await deleteImage('renter', productId, rows[1].id), 404, 'NOT_FOUND');
    // An image of the owner's other product, and no such image.
    expectError(await deleteImage('owner', productId, secondRow.id), 404, 'NOT_FOUND');
    expectError(await deleteImage('owner', productId, 2147483647), 404, 'NOT_FOUND');
    expectError(await deleteImage('owner', 999999, rows[1].id), 404, 'NOT_FOUND');
    for (const [p, i] of [
      ['abc', rows[1].id],
      [productId, 'abc'],
      [productId, 0],
      [0, rows[1].id],
      [productId, '99999999999'],
    ] as const) {
      expectError(await deleteImage('owner', p, i), 400, 'VALIDATION_ERROR');
    }
    expect(await snapshot()).toBe(before);
  });
});
