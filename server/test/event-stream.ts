import type http from 'node:http';

/** Calls `onEvent(event, data)` for each event of a text/event-stream answer, as its blocks arrive. */
export function onServerEvents(res: http.IncomingMessage, onEvent: (event: string, data: string) => void) {
  let buf = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buf += chunk;
    for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
      const block = /^event: (.*)\ndata: (.*)$/m.exec(buf.slice(0, i));
      buf = buf.slice(i + 2);
      if (block) onEvent(block[1]!, block[2]!);
    }
  });
}
