import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * The native shells (Capacitor) load the app from the device, on their own origin, and call the API
 * across origins: only those origins get CORS answers (config NATIVE_ORIGINS), any other page's
 * cross-origin call is left to the browser's refusal. No cookies are involved (the session travels in
 * headers), so credentials stay off; the renewed tokens and a file's name must be readable.
 */
export async function registerNativeCors(app: FastifyInstance, origins: readonly string[]) {
  if (!origins.length) return;
  await app.register(cors, {
    origin: [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Accept', 'Authorization', 'Content-Type', 'Idempotency-Key', 'X-Refresh-Token', 'X-Api-Key'],
    exposedHeaders: ['X-Access-Token', 'X-Refresh-Token', 'Content-Disposition', 'Retry-After'],
    maxAge: 3600,
  });
}
