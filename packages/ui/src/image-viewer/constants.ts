/** The image preview's slide interval in ms (spec §9). */
export const IMAGE_PREVIEW_INTERVAL = 3000;
