/** The image types an owner may upload (spec 5), told from the bytes: the name and the part's content type are the client's word. */
export type ImageKind = 'jpeg' | 'png' | 'bmp';

const SIGNATURES: { kind: ImageKind; bytes: number[] }[] = [
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'bmp', bytes: [0x42, 0x4d] },
];

export function sniffImageKind(data: Buffer): ImageKind | null {
  for (const { kind, bytes } of SIGNATURES) {
    if (data.length >= bytes.length && bytes.every((b, i) => data[i] === b)) return kind;
  }
  return null;
}
