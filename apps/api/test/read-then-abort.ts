import { get } from 'node:http';

/**
 * GETs `url` as a client that stops reading after `afterBytes` (the server in the middle of the body), waits a
 * moment, then goes away. Resolves with the bytes it had received.
 */
export function readThenAbort(url: string, afterBytes = 1024 * 1024): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      let length = 0;
      response.on('data', (part: Buffer) => {
        length += part.length;
        if (length >= afterBytes && !response.isPaused()) {
          response.pause();
          setTimeout(() => {
            request.destroy();
            resolve(length);
          }, 50);
        }
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}
