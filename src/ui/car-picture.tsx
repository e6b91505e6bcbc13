import { carDrawing, carImageOfPath } from '@core/car-image';
import { serverUrl } from '../api/origin';

type Props = {
  /** The picture's path as the API gives it: a drawn car (core/car-image.ts) or an uploaded picture. */
  src: string;
  /** Empty for a picture beside text that already names the car: hidden from assistive technology. */
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  /** An uploaded picture in the first screenful: loaded at once and first (the others wait until scrolled near). */
  eager?: boolean;
};

/**
 * A car's picture. The catalogue's drawn pictures (a body in a paint colour, core/car-image.ts) are drawn
 * inline from their path, with no request: as an <img> each was one more SVG document for the browser to
 * set up on the main thread (5-9 ms each at full speed on an offer's first screens;
 * docs/adr/0124-car-pictures.md), and offline they need nothing fetched ahead. An uploaded picture stays an <img>.
 */
export function CarPicture({ src, alt, className, width = 320, height = 160, eager = false }: Props) {
  const drawn = carImageOfPath(src);
  const classes = className ? `car-picture ${className}` : 'car-picture';
  if (!drawn) {
    return (
      <img
        className={classes}
        src={serverUrl(src)}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
    );
  }
  return (
    <svg
      className={classes}
      viewBox="0 0 320 160"
      width={width}
      height={height}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      data-picture={src}
    >
      {carDrawing(drawn.body, drawn.hex).map(({ tag: Tag, attrs }, i) => (
        <Tag key={i} {...reactProps(attrs)} />
      ))}
    </svg>
  );
}

/** SVG's attribute names (core/car-image.ts, shared with the server's SVG file) as React's props: `stroke-width` is `strokeWidth`. */
const reactProps = (attrs: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), value]));
