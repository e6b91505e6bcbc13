import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Icon } from './icon';

const circle = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><circle cx="256" cy="256" r="200"/></svg>';
const square = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="400" height="400"/></svg>';

describe('Icon', () => {
  afterEach(cleanup);

  it('draws its SVG in the page, a copy of its own for each use', () => {
    render(
      <>
        <Icon icon={circle} aria-label="Uno" />
        <Icon icon={circle} aria-label="Due" />
      </>,
    );
    const [one, two] = [screen.getByRole('img', { name: 'Uno' }), screen.getByRole('img', { name: 'Due' })];
    for (const icon of [one, two]) {
      expect(icon.children).toHaveLength(1);
      expect(icon.firstElementChild!.namespaceURI).toBe('http://www.w3.org/2000/svg');
      expect(icon.querySelector('circle')).not.toBeNull();
    }
    expect(one.firstElementChild).not.toBe(two.firstElementChild);
  });

  it('replaces its SVG when the icon changes, and keeps it across other renders', () => {
    const { rerender } = render(<Icon icon={circle} aria-label="Stato" />);
    const drawn = screen.getByRole('img', { name: 'Stato' }).firstElementChild;
    rerender(<Icon icon={circle} aria-label="Stato" className="attivo" />);
    expect(screen.getByRole('img', { name: 'Stato' }).firstElementChild).toBe(drawn);
    rerender(<Icon icon={square} aria-label="Stato" />);
    const icon = screen.getByRole('img', { name: 'Stato' });
    expect(icon.children).toHaveLength(1);
    expect(icon.querySelector('rect')).not.toBeNull();
    expect(icon.querySelector('circle')).toBeNull();
  });

  it('is hidden from assistive technology without a name', () => {
    const { container } = render(<Icon icon={circle} />);
    expect(container.querySelector('.icon')!.getAttribute('aria-hidden')).toBe('true');
  });
});
