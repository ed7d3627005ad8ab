/**
 * A small BMP reader: sharp's libvips has no BMP loader, and spec 5 lets owners upload bmp.
 * Reads the uncompressed Windows bitmaps cameras and paint programs write (1/4/8-bit palette,
 * 16/24/32-bit, BI_RGB or BI_BITFIELDS, bottom-up or top-down) into raw RGBA for sharp. Anything
 * else (RLE, embedded JPEG/PNG, OS/2 variants) is refused as not an image we take.
 */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

export class BmpError extends Error {}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

function maskShift(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

export function decodeBmp(buf: Buffer, maxPixels: number): RawImage {
  if (buf.length < 54 || buf.toString('latin1', 0, 2) !== 'BM') throw new BmpError('not a bmp');
  const pixelOffset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  if (headerSize < 40 || 14 + headerSize > buf.length) throw new BmpError('unsupported bmp header');
  const width = buf.readInt32LE(18);
  const rawHeight = buf.readInt32LE(22);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  const bpp = buf.readUInt16LE(28);
  const compression = buf.readUInt32LE(30);
  if (width <= 0 || height <= 0 || width * height > maxPixels) throw new BmpError('bad bmp size');

  let masks: [number, number, number, number] | null = null;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    if (bpp !== 16 && bpp !== 32) throw new BmpError('bitfields need 16 or 32 bits');
    // The masks follow a 40-byte header; V4/V5 headers hold them in the same place.
    const at = 14 + 40;
    if (at + 12 > buf.length) throw new BmpError('truncated bmp');
    const alpha = headerSize >= 56 || compression === BI_ALPHABITFIELDS ? buf.readUInt32LE(at + 12) : 0;
    masks = [buf.readUInt32LE(at), buf.readUInt32LE(at + 4), buf.readUInt32LE(at + 8), alpha];
  } else if (compression !== BI_RGB) {
    throw new BmpError('compressed bmp');
  }

  let palette: Buffer | null = null;
  if (bpp === 1 || bpp === 4 || bpp === 8) {
    const declared = buf.readUInt32LE(46);
    const colours = declared === 0 ? 1 << bpp : Math.min(declared, 1 << bpp);
    const at = 14 + headerSize;
    if (at + colours * 4 > buf.length) throw new BmpError('truncated palette');
    palette = buf.subarray(at, at + colours * 4);
  } else if (bpp === 16) {
    masks ??= [0x7c00, 0x03e0, 0x001f, 0];
  } else if (bpp === 32) {
    // Plain 32-bit BI_RGB: the fourth byte is unused, not alpha.
    masks ??= [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  } else if (bpp !== 24) {
    throw new BmpError('unsupported bit depth');
  }

  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (pixelOffset + stride * height > buf.length) throw new BmpError('truncated pixels');
  const out = Buffer.alloc(width * height * 4);
  const channels = masks?.map(maskShift);

  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let r: number,
        g: number,
        b: number,
        a = 255;
      if (palette) {
        const bitPos = x * bpp;
        const byte = buf[row + (bitPos >> 3)];
        const index = (byte >> (8 - bpp - (bitPos & 7))) & ((1 << bpp) - 1);
        if (index * 4 + 3 >= palette.length) throw new BmpError('palette index out of range');
        b = palette[index * 4];
        g = palette[index * 4 + 1];
        r = palette[index * 4 + 2];
      } else if (bpp === 24) {
        const p = row + x * 3;
        b = buf[p];
        g = buf[p + 1];
        r = buf[p + 2];
      } else {
        const value = bpp === 16 ? buf.readUInt16LE(row + x * 2) : buf.readUInt32LE(row + x * 4);
        const [cr, cg, cb, ca] = channels!.map((c, i) =>
          c.max === 0 ? -1 : Math.round((((value & masks![i]) >>> c.shift) * 255) / c.max),
        );
        r = cr;
        g = cg;
        b = cb;
        if (ca >= 0) a = ca;
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  return { data: out, width, height, channels: 4 };
}
