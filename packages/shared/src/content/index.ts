export type { MediaKind } from './media';
export { IMAGE_EXTENSIONS, isAllowedMediaOrigin, mediaExtension, mediaKind, VIDEO_EXTENSIONS } from './media';
