import { afterEach, describe, expect, it, vi } from 'vitest';

// The native shells' builds name the server (VITE_SERVER_ORIGIN); the web build stays same-origin.
describe('serverUrl', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('keeps paths relative in the web build', async () => {
    vi.stubEnv('VITE_SERVER_ORIGIN', '');
    const { serverUrl } = await import('./origin');
    expect(serverUrl('/api/v1/offers')).toBe('/api/v1/offers');
  });

  it('puts the configured server before server paths, and leaves other addresses alone', async () => {
    vi.stubEnv('VITE_SERVER_ORIGIN', 'https://portale.example.it/');
    const { serverUrl, SERVER_ORIGIN } = await import('./origin');
    expect(SERVER_ORIGIN).toBe('https://portale.example.it');
    expect(serverUrl('/api/v1/car/images/render/x.svg')).toBe('https://portale.example.it/api/v1/car/images/render/x.svg');
    expect(serverUrl('/prescoring/check')).toBe('https://portale.example.it/prescoring/check');
    expect(serverUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(serverUrl('https://cdn.example.it/a.png')).toBe('https://cdn.example.it/a.png');
    expect(serverUrl('//cdn.example.it/a.png')).toBe('//cdn.example.it/a.png');
  });
});
