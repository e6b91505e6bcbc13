import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { carImagePath, renderCarSvg } from '@core/car-image';
import { CarPicture } from './car-picture';

describe('CarPicture', () => {
  afterEach(cleanup);

  it("draws a catalogue picture inline, the same shapes as the server's SVG file, with no request", () => {
    const src = carImagePath('suv', '1E88E5');
    const { container } = render(<CarPicture src={src} alt="Jeep Compass" />);
    const svg = screen.getByRole('img', { name: 'Jeep Compass' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(container.querySelector('img')).toBeNull();
    // The same elements and attributes, in the same order, as the file the server sends for that path.
    const file = new DOMParser().parseFromString(renderCarSvg('suv', '1e88e5'), 'image/svg+xml').documentElement;
    const shapes = (root: Element) => [...root.children].map((c) => `${c.tagName}:${[...c.attributes].map((a) => `${a.name}=${a.value}`).join(',')}`);
    expect(shapes(svg)).toEqual(shapes(file));
    expect(svg.querySelector('path')!.getAttribute('fill')).toBe('#1e88e5');
  });

  it('hides a picture without a text alternative from assistive technology', () => {
    const { container } = render(<CarPicture src={carImagePath('van', 'b3202a')} alt="" />);
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows an uploaded picture as an image, lazily unless it is in the first screenful', () => {
    render(<CarPicture src="/api/v1/car/images/FIA-500/1.jpg" alt="Fiat 500" />);
    const img = screen.getByRole('img', { name: 'Fiat 500' }) as HTMLImageElement;
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('src')).toContain('/api/v1/car/images/FIA-500/1.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    cleanup();
    render(<CarPicture src="/api/v1/car/images/FIA-500/1.jpg" alt="Fiat 500" eager />);
    expect(screen.getByRole('img', { name: 'Fiat 500' }).getAttribute('loading')).toBe('eager');
  });

  it('does not draw a path that only looks like a drawn picture', () => {
    render(<CarPicture src="/api/v1/car/images/render/rocket-1e88e5.svg" alt="Razzo" />);
    expect(screen.getByRole('img', { name: 'Razzo' }).tagName).toBe('IMG');
  });
});
