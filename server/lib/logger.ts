import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * The server's log: JSON lines in production and whenever the output goes to another program (a log
 * collector, the browser tests' runner); one readable line per event (pino-pretty) for a person at a
 * terminal in development.
 */
export function loggerOptions(config: Pick<Config, 'env' | 'logLevel'>): FastifyServerOptions['logger'] {
  const readable = config.env !== 'production' && process.stdout.isTTY;
  if (!readable) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } },
  };
}
