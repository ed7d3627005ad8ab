export { sniffImageKind, type ImageKind } from './sniff';
export { decodeBmp, BmpError } from './bmp';
export { processUpload, coverCopy, writeCoverFor, invalidFileType, fileTooLarge, MAX_INPUT_PIXELS, type ProcessedImage } from './process';
