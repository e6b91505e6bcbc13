import { describe, expect, it } from 'vitest';
import { CAR_IMAGE_MAX_BYTES } from '@core/catalog';
import { cycle, imageFileProblem, imagesMode } from './images-model';

describe("a car's image slots", () => {
  it('takes PNG, JPEG, GIF and WebP images under the size limit, and says why it refuses others', () => {
    expect(imageFileProblem([{ type: 'image/webp', size: 1000 }])).toBeNull();
    expect(imageFileProblem([{ type: 'application/pdf', size: 1000 }])).toBe('Sono consentiti solo file di tipo immagine (png, jpg, gif, ...)');
    expect(imageFileProblem([{ type: 'image/png', size: CAR_IMAGE_MAX_BYTES }])).toBe('Il file deve pesare meno di 2MB');
  });

  it('shows custom images once there are some or once chosen', () => {
    expect(imagesMode(0, false)).toBe('default');
    expect(imagesMode(0, true)).toBe('custom');
    expect(imagesMode(2, false)).toBe('custom');
  });

  it('cycles the lightbox round both ends', () => {
    expect(cycle(2, 1, 3)).toBe(0);
    expect(cycle(0, -1, 3)).toBe(2);
  });
});
