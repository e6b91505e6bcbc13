import { describe, expect, it } from 'vitest';
import { sideMenu } from './side-menu-state';

describe('the side menu drawer state', () => {
  it('mounts on the first tap, then opens and closes; close is idempotent and only a change notifies', () => {
    const seen: [boolean, boolean][] = [];
    const stop = sideMenu.subscribe(() => seen.push([sideMenu.wanted(), sideMenu.isOpen()]));
    expect([sideMenu.wanted(), sideMenu.isOpen()]).toEqual([false, false]);
    sideMenu.close();
    expect(seen).toEqual([]);
    sideMenu.toggle();
    expect([sideMenu.wanted(), sideMenu.isOpen()]).toEqual([true, true]);
    sideMenu.toggle();
    expect(sideMenu.isOpen()).toBe(false);
    sideMenu.toggle();
    sideMenu.close();
    sideMenu.close();
    // Once asked for, the drawer stays mounted.
    expect(seen).toEqual([
      [true, true],
      [true, false],
      [true, true],
      [true, false],
    ]);
    stop();
    sideMenu.toggle();
    expect(seen).toHaveLength(4);
    sideMenu.close();
  });
});
