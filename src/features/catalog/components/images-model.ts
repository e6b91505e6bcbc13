import { CAR_IMAGE_MAX_BYTES } from '@core/catalog';
import { MESSAGES } from '@core/i18n-messages';

/**
 * The rules of a car's image slots (account spec §2, §4, §8), apart from the section that draws them
 * (images-section.tsx).
 */

/** The image types the upload takes (the file picker's `accept`). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Why these files cannot be uploaded (the spec's message), or null when they can. */
export function imageFileProblem(files: readonly { type: string; size: number }[]): string | null {
  if (files.some((f) => !(IMAGE_TYPES as readonly string[]).includes(f.type))) return MESSAGES.imageOnly;
  if (files.some((f) => f.size >= CAR_IMAGE_MAX_BYTES)) return MESSAGES.imageTooBig;
  return null;
}

/** Custom images are shown once there are some, or once the agent chose them (and confirmed the rights). */
export const imagesMode = (customCount: number, wantCustom: boolean): 'default' | 'custom' => (customCount > 0 || wantCustom ? 'custom' : 'default');

/** The lightbox's next or previous image, round the ends (§2: "A lightbox cycles through the images"). */
export const cycle = (index: number, step: number, count: number) => (index + step + count) % count;
