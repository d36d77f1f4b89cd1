import { IMAGE_EXTENSION, IMAGE_MEDIA_TYPE, type ImageType } from './image-sniff';

// The public file name of a stored logo: its SHA-256 and the extension of its sniffed type. The name is the
// content, so the URL can be cached for ever.

export const LOGO_PATH_PREFIX = '/logos/';
const FILE = /^([0-9a-f]{64})\.(png|jpg|webp|svg)$/;

export const logoFileName = (sha256: string, type: ImageType) => `${sha256}.${IMAGE_EXTENSION[type]}`;

export function parseLogoFileName(name: string): { id: string; ext: string } | null {
  const m = FILE.exec(name);
  return m ? { id: m[1], ext: m[2] } : null;
}

// Content-addressed logo files: the same for everyone and never changing (transport/http-cache.ts leaves their
// headers as the handler set them).
export const isLogoFilePath = (path: string) => path.startsWith(LOGO_PATH_PREFIX) && parseLogoFileName(path.slice(LOGO_PATH_PREFIX.length)) !== null;

export function extensionOfMediaType(mediaType: string): string | null {
  const type = (Object.keys(IMAGE_MEDIA_TYPE) as ImageType[]).find((t) => IMAGE_MEDIA_TYPE[t] === mediaType);
  return type ? IMAGE_EXTENSION[type] : null;
}
